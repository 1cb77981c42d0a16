import { SessionTokens } from './auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys, type SigningKeys } from './auth/signing-keys.ts';
import { forgetSessionsEndedElsewhere } from './auth/session-validity.ts';
import type { Config, Env } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase, type PoolStats } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Clock } from './platform/clock.ts';
import { systemClock } from './platform/clock.ts';
import { bindEventBus } from './platform/events/after-commit.ts';
import { createEventBus } from './platform/events/create-event-bus.ts';
import type { EventBus, EventBusLogger } from './platform/events/event-bus.ts';
import { type AwardHook, onAwardPosted } from './modules/ledger/ledger-hooks.ts';
import { FileUrlSigner } from './modules/files/signed-file-urls.ts';
import {
  createOrganizationCache,
  type OrganizationCache,
} from './modules/organization/organization-cache.ts';
import { announceRankChange } from './modules/organization/rank-live.ts';
import { announceOfferUnlocks } from './modules/rewards/offer-live.ts';
import { FileStore } from './platform/file-store.ts';
import { S3Bucket } from './platform/s3-bucket.ts';
import { loadSecrets, storedSigningJwks } from './platform/secrets.ts';

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
  /** Signs and checks the expiring URLs of fans' own uploads (decision 028). */
  fileUrls: FileUrlSigner;
  /** Live events to every process's realtime subscribers (decision 012, decision 023). */
  events: EventBus;
  /** This app's organization and ranks cache, invalidated in every process over `events` (decision 032). */
  organizations: OrganizationCache;
  /** Database liveness for /ready, and where the pool reports errors it survives (decision 014). */
  database: DatabaseStatus;
  /** Set when a graceful stop begins: /ready answers 503 so load balancers stop sending. */
  draining: boolean;
}

export interface DatabaseStatus {
  ping(): Promise<void>;
  stats(): PoolStats;
  /** Replaced by the app with its logger once it exists. */
  onConnectionError: (error: Error) => void;
}

/** config → database → migrate: everything buildApp needs, in the order main.ts and tests share. */
export async function createDeps(
  env: Env,
  opts: {
    clock?: Clock;
    secrets?: Config['secrets'];
    dataDirForDb?: string | null;
    /** An in-memory PGlite starts as this dump (the tests' migrated template; engine.ts). */
    loadDataDir?: Uint8Array;
  } = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle; migrated: string[] }> {
  const status: DatabaseStatus = {
    ping: async () => {},
    stats: () => ({ size: 0, idle: 0, waiting: 0 }),
    onConnectionError: () => {},
  };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: opts.dataDirForDb === undefined ? env.DATA_DIR : opts.dataDirForDb,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    poolSize: env.DATABASE_POOL_SIZE,
    poolWaitMs: env.DATABASE_POOL_WAIT_MS,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    onConnectionError: (error) => status.onConnectionError(error),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  status.ping = database.ping;
  status.stats = database.stats;
  const migrated = await migrateToLatest(database.db);
  const secrets = opts.secrets ?? (await loadSecrets(database.db, env, generatePrivateJwk));
  const config: Config = { ...env, secrets };
  const keys = await loadSigningKeys(secrets.jwtPrivateJwk, secrets.jwtPreviousPrivateJwk);
  const clock = opts.clock ?? systemClock;
  const issuer = `${env.SITE_URL.replace(/\/$/, '')}/auth/v1`;
  // Keys given in the environment never change under a running process; stored ones may rotate.
  const reloadKeys =
    opts.secrets || env.JWT_PRIVATE_JWK
      ? undefined
      : async () => {
          const stored = await storedSigningJwks(database.db);
          return stored.current ? loadSigningKeys(stored.current, stored.previous) : keys;
        };
  const tokens = new SessionTokens(keys, clock, env.AUTH_JWT_EXPIRY, issuer, reloadKeys);
  const events = await createEventBus(env, eventLog(env));
  bindEventBus(database.db, events, eventLog(env));
  const organizations = createOrganizationCache(events, eventLog(env));
  const stopForgetting = forgetSessionsEndedElsewhere(events);
  // The ledger imports no domain (decision 005): the root hands it the rank-change announcement.
  onAwardPosted(announceRankAndOffers);
  return {
    deps: {
      config,
      db: database.db,
      clock,
      keys,
      tokens,
      files: createFileStore(env),
      fileUrls: new FileUrlSigner(secrets.appSecret, env.FILE_URL_TTL_SECONDS),
      events,
      organizations,
      database: status,
      draining: false,
    },
    database: {
      ...database,
      async close() {
        organizations.close();
        stopForgetting();
        await events.close();
        await database.close();
      },
    },
    migrated,
  };
}

/** The event transport logs before the app's logger exists, so it writes to the console. */
/**
 * A level-up on the fan's channel, then the offers the new rank unlocks (only when the rank
 * changed: an ordinary award costs no offer query). One function for every app the process
 * builds, so registering it again keeps one hook.
 */
const announceRankAndOffers: AwardHook = async (trx, award) => {
  const step = await announceRankChange(trx, award);
  if (step) await announceOfferUnlocks(trx, award, step);
};

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
