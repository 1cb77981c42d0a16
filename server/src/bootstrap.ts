import { SessionTokens } from './auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from './auth/signing-keys.ts';
import { type Config, type Env, loadSecrets } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Clock } from './platform/clock.ts';
import { systemClock } from './platform/clock.ts';
import type { AppDeps } from './platform/deps.ts';
import { FileStore } from './platform/file-store.ts';

/** config → database → migrate: everything buildApp needs, in the order main.ts and tests share. */
export async function createDeps(
  env: Env,
  opts: { clock?: Clock; secrets?: Config['secrets']; dataDirForDb?: string | null } = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle; migrated: string[] }> {
  const secrets = opts.secrets ?? (await loadSecrets(env, generatePrivateJwk));
  const config: Config = { ...env, secrets };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: opts.dataDirForDb === undefined ? env.DATA_DIR : opts.dataDirForDb,
  });
  const migrated = await migrateToLatest(database.db);
  const keys = await loadSigningKeys(secrets.jwtPrivateJwk);
  const clock = opts.clock ?? systemClock;
  const issuer = `${(env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')}/auth/v1`;
  const tokens = new SessionTokens(keys, clock, env.AUTH_JWT_EXPIRY, issuer);
  return {
    deps: { config, db: database.db, clock, keys, tokens, files: new FileStore(env.DATA_DIR) },
    database,
    migrated,
  };
}
