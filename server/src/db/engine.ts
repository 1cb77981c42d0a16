import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { deferBegin } from './deferred-begin.ts';
import { PGlitePool } from './pglite-pool.ts';
import { PGliteWorker } from './pglite-worker-client.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Resolves when the database answers a trivial query (the /ready probe). */
  ping(): Promise<void>;
  /** Connections open, idle, and queries waiting for one (the pool gauges of /metrics). */
  stats(): PoolStats;
  /** PGlite only: the database as a tarball another can start from (`loadDataDir`). */
  dump?: () => Promise<Uint8Array>;
}

export interface PoolStats {
  size: number;
  idle: number;
  waiting: number;
}

/** How long a request waits for a pooled or new PostgreSQL connection before it fails (decision 014). */
const POOL_WAIT_MS = 3_000;

// int8 (counts, sums) as JS numbers: points never approach 2^53. Dates stay strings so a
// birthday is never shifted by the server's time zone.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

/**
 * DATABASE_URL set → a node-postgres pool; unset → PGlite persisted under dataDir, or in
 * memory when dataDir is null (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | null;
  poolSize?: number;
  /** The wait for a connection (a pooled one or a new one) before the query fails → 503. */
  poolWaitMs?: number;
  /** PostgreSQL `statement_timeout` in ms (0 = none): a slow database cannot pile requests up. */
  statementTimeoutMs?: number;
  /**
   * Named statements, default on: on PostgreSQL the registered fixed SQL (prepared-statements.ts),
   * on PGlite every text, up to a bound (pglite-worker.mjs).
   */
  preparedStatements?: boolean;
  /** Told about connection errors the pool survives (a restart, a dropped socket). */
  onConnectionError?: (error: Error) => void;
  /**
   * PGlite in memory only: start as this dump of a database (PGlite's `dumpDataDir`) instead of
   * an empty one. The tests start every file from one migrated template (server/test/pglite-global-setup.ts).
   */
  loadDataDir?: Uint8Array;
}): Promise<DatabaseHandle> {
  // JSON columns keep their own keys (user_metadata.first_name must come back as written).
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.poolWaitMs ?? POOL_WAIT_MS,
      keepAlive: true,
      // Several queries on the wire at once: what lets a transaction's begin travel with its
      // first statement (deferred-begin.ts).
      pipeline: true,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // Decision 014: an outage must never crash the process. node-postgres emits 'error' on the
    // pool for idle clients and on a checked-out client itself (its idle listener is removed
    // while in use); without a listener either one is an uncaught exception. The query in flight
    // rejects on its own (→ 503), and the pool drops the broken client and reconnects later.
    const onError = opts.onConnectionError ?? (() => {});
    pool.on('error', onError);
    pool.on('connect', (client) => {
      client.on('error', onError);
      deferBegin(client, opts.preparedStatements ?? true);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    const stats = () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine: 'postgres', close: () => db.destroy(), ping: () => ping(db), stats };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite runs on a worker thread (pglite-worker.mjs, with the same type parsers as above), so
  // its WebAssembly never holds the event loop: HTTP work and SQL overlap (decision 010,
  // amendment). A worker that dies rejects the queries in flight as unavailable (→ 503,
  // decision 014), is logged, and a persisted database is reopened by the next query.
  const onFailure = opts.onConnectionError ?? (() => {});
  const template = dir ? undefined : opts.loadDataDir;
  const start = () =>
    PGliteWorker.start(dir, onFailure, {
      preparedStatements: opts.preparedStatements,
      loadDataDir: template,
    });
  const pool = new PGlitePool(await start(), dir ? start : undefined, opts.poolWaitMs ?? POOL_WAIT_MS);
  // biome-ignore lint/suspicious/noExplicitAny: PGlitePool implements the subset of pg.Pool Kysely calls.
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as any }), plugins });
  return {
    db,
    engine: 'pglite',
    close: () => db.destroy(),
    ping: () => ping(db),
    stats: () => pool.stats(),
    dump: () => pool.dump(),
  };
}

async function ping(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
