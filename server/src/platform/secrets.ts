import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env, Secrets } from '../config.ts';
import type { Database } from '../db/engine.ts';

/**
 * Decision 016: secrets the environment does not give are generated once and kept in the
 * database, so every process on one database (node:cluster workers, other machines) signs and
 * verifies with the same keys. The first process to start wins the insert; the others read its
 * value. Secrets given in the environment always win and are never written anywhere.
 */
const CURRENT = 'jwt_private_jwk';
const PREVIOUS = 'jwt_previous_private_jwk';
const APP_SECRET = 'app_secret';

type GenerateJwk = () => Promise<string>;

/** Before secrets moved into the database they lived in DATA_DIR/secrets.json: adopt them once. */
function legacyFileSecrets(dataDir: string): Partial<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    return {};
  }
}

async function readAll(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom('platformSecrets').select(['name', 'value']).execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

/** Inserts `value` unless another process already stored one; answers the stored value. */
async function ensure(db: Database, stored: Map<string, string>, name: string, make: () => Promise<string>) {
  const known = stored.get(name);
  if (known !== undefined) return known;
  await db
    .insertInto('platformSecrets')
    .values({ name, value: await make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('platformSecrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function loadSecrets(db: Database, env: Env, generateJwk: GenerateJwk): Promise<Secrets> {
  const stored = await readAll(db);
  const legacy = legacyFileSecrets(env.DATA_DIR);
  const jwtPrivateJwk =
    env.JWT_PRIVATE_JWK ??
    (await ensure(db, stored, CURRENT, async () => legacy.jwtPrivateJwk ?? generateJwk()));
  const appSecret =
    env.APP_SECRET ??
    (await ensure(db, stored, APP_SECRET, async () => legacy.appSecret ?? randomBytes(32).toString('hex')));
  // A key given in the environment replaces rotation: its operator rotates it there.
  const previous = env.JWT_PRIVATE_JWK ? undefined : stored.get(PREVIOUS);
  return { jwtPrivateJwk, appSecret, ...(previous ? { jwtPreviousPrivateJwk: previous } : {}) };
}

/**
 * Makes a new signing key current and keeps the old one as previous, in one transaction. Running
 * processes keep signing with the key they loaded until they restart, and verify a token of a kid
 * they do not know by reloading the keys (auth/session-tokens.ts), so a rolling restart never
 * refuses a valid token. Returns the new key's kid.
 */
export async function rotateSigningKey(db: Database, generateJwk: GenerateJwk): Promise<{ kid: string }> {
  const next = await generateJwk();
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('platformSecrets')
      .select('value')
      .where('name', '=', CURRENT)
      .forUpdate()
      .executeTakeFirst();
    if (current) {
      await trx
        .insertInto('platformSecrets')
        .values({ name: PREVIOUS, value: current.value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: current.value, createdAt: new Date() }))
        .execute();
    }
    await trx
      .insertInto('platformSecrets')
      .values({ name: CURRENT, value: next })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: next, createdAt: new Date() }))
      .execute();
  });
  return { kid: (JSON.parse(next) as { kid: string }).kid };
}

/** The signing keys as stored now (for a process that met a kid it does not know). */
export async function storedSigningJwks(db: Database): Promise<{ current?: string; previous?: string }> {
  const stored = await readAll(db);
  return { current: stored.get(CURRENT), previous: stored.get(PREVIOUS) };
}
