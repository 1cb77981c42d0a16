import { SessionTokens } from './auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys, type SigningKeys } from './auth/signing-keys.ts';
import { type Config, type Env, loadSecrets } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Clock } from './platform/clock.ts';
import { systemClock } from './platform/clock.ts';
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
  /** Database liveness for /ready, and where the pool reports errors it survives (decision 014). */
  database: DatabaseStatus;
}

export interface DatabaseStatus {
  ping(): Promise<void>;
  /** Replaced by the app with its logger once it exists. */
  onConnectionError: (error: Error) => void;
}

/** config → database → migrate: everything buildApp needs, in the order main.ts and tests share. */
export async function createDeps(
  env: Env,
  opts: { clock?: Clock; secrets?: Config['secrets']; dataDirForDb?: string | null } = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle; migrated: string[] }> {
  const secrets = opts.secrets ?? (await loadSecrets(env, generatePrivateJwk));
  const config: Config = { ...env, secrets };
  const status: DatabaseStatus = { ping: async () => {}, onConnectionError: () => {} };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: opts.dataDirForDb === undefined ? env.DATA_DIR : opts.dataDirForDb,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    onConnectionError: (error) => status.onConnectionError(error),
  });
  status.ping = database.ping;
  const migrated = await migrateToLatest(database.db);
  const keys = await loadSigningKeys(secrets.jwtPrivateJwk);
  const clock = opts.clock ?? systemClock;
  const issuer = `${env.SITE_URL.replace(/\/$/, '')}/auth/v1`;
  const tokens = new SessionTokens(keys, clock, env.AUTH_JWT_EXPIRY, issuer);
  return {
    deps: { config, db: database.db, clock, keys, tokens, files: createFileStore(env), database: status },
    database,
    migrated,
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
