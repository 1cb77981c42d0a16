import { SessionTokens } from './auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys, type SigningKeys } from './auth/signing-keys.ts';
import { type Config, type Env, loadSecrets } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Clock } from './platform/clock.ts';
import { systemClock } from './platform/clock.ts';
import { bindEventBus } from './platform/events/after-commit.ts';
import { createEventBus } from './platform/events/create-event-bus.ts';
import type { EventBus, EventBusLogger } from './platform/events/event-bus.ts';
import { onAwardPosted } from './modules/ledger/ledger-hooks.ts';
import { announceRankChange } from './modules/organization/rank-live.ts';
import { FileStore } from './platform/file-store.ts';
import { S3Bucket } from './platform/s3-bucket.ts';

/**
 * Everything a route needs from outside itself; tests build it with their own clock and
 * database. Declared here, at the root that composes it, so platform/ does not depend on auth.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  keys: SigningKeys;
  tokens: SessionTokens;
  files: FileStore;
  /** Live events to every process's realtime subscribers (decision 012, decision 023). */
  events: EventBus;
}

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
  const events = await createEventBus(env, eventLog(env));
  bindEventBus(database.db, events, eventLog(env));
  // The ledger imports no domain (decision 005): the root hands it the rank-change announcement.
  onAwardPosted(announceRankChange);
  return {
    deps: { config, db: database.db, clock, keys, tokens, files: createFileStore(env), events },
    database: {
      ...database,
      async close() {
        await events.close();
        await database.close();
      },
    },
    migrated,
  };
}

/** The event transport logs before the app's logger exists, so it writes to the console. */
function eventLog(env: Env): EventBusLogger | undefined {
  if (env.LOG_LEVEL === 'silent') return undefined;
  return {
    warn: (obj, msg) => console.warn(msg, obj),
    error: (obj, msg) => console.error(msg, obj),
  };
}

/** Local disk by default; the S3-compatible bucket when S3_* is configured (product §10.10). */
export function createFileStore(env: Env): FileStore {
  if (!env.S3_BUCKET || !env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    return new FileStore(env.DATA_DIR);
  }
  const bucket = new S3Bucket({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
  return new FileStore(env.DATA_DIR, { bucket, publicUrl: env.S3_PUBLIC_URL });
}
