// @ts-check
// The embedded PostgreSQL (PGlite) on a worker thread of its own (decision 010, amendment of
// 2026-11-27): its WebAssembly runs here, so SQL and the main thread's HTTP work overlap.
// Plain JavaScript on purpose: it loads as it is under tsx, vitest and the compiled server
// (scripts/build-server.mjs emits it next to server/dist/main.mjs), without a TypeScript
// loader thread per database. The main thread (pglite-worker-client.ts) keeps the lease queue;
// this thread runs what it is sent, one message at a time, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/**
 * A PostgreSQL error as plain data: its own fields (code, constraint, detail, …) kept, anything
 * that cannot cross threads (the query's options, functions) left out.
 * @param {unknown} error
 */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const data = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return data;
}

/** @type {PGlite} */
let pglite;
try {
  // Same conversions as node-postgres gets in engine.ts: int8 and numeric as numbers (points never
  // approach 2^53), dates as strings so a birthday never shifts with the time zone.
  pglite = await PGlite.create(workerData.dataDir ?? undefined, {
    // A dump to start from (the tests' migrated template): no initdb, no migrations to run.
    ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
    parsers: {
      [INT8]: (/** @type {string} */ v) => Number(v),
      [NUMERIC]: (/** @type {string} */ v) => Number(v),
      [DATE]: (/** @type {string} */ v) => v,
    },
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: errorData(error) });
  process.exit(1);
}

const { serialize } = protocol;

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const joined = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * Named statements (decision 036's amendment for PGlite): the SQL texts this thread parsed, in
 * least-recently-used order (a Map iterates in insertion order, and a use moves its entry to the
 * end). A known text is only bound and run, in one call into the engine: PostgreSQL's parse and
 * plan, which for the hot writes' few-CTE statements cost the WebAssembly more than running them,
 * happen once per text instead of once per call. `workerData.preparedStatements` false
 * (DATABASE_PREPARED_STATEMENTS) sends every statement unnamed, as PGlite's own query does.
 * @type {Map<string, {name: string, types: number[]}>}
 */
const prepared = new Map();
const PREPARE = workerData.preparedStatements !== false;
/**
 * Texts beyond this many are closed, least recently used first: a statement whose text carries
 * its values (an `in (...)` list of varying length) must not grow the engine's memory for ever.
 * The hot paths use a few dozen texts. (`workerData.mostPrepared`: the tests' smaller bound.)
 */
const MOST_PREPARED = workerData.mostPrepared ?? 500;
let nextName = 1;
/** Evicted statements, closed in front of the next parse (no call of their own). */
const toClose = [];
/** "cached plan must not change result type": a migration changed what the statement returns. */
const STALE_PLAN = '0A000';

/**
 * What `pglite.query(sql, params)` does, in one or two calls into the engine instead of six.
 * PGlite sends each message of the extended protocol on its own (parse, describe, bind,
 * describe, execute, sync), and each one enters the WebAssembly and parses its answers again.
 * Here a new text's parse travels with its describe (whose parameter types choose each value's
 * serializer, exactly as PGlite's query does), and the bind, describe, execute and sync travel
 * together: PostgreSQL runs them in order, and after an error skips to the sync, as it does for
 * any client that sends them in one write (node-postgres does). A text parsed before skips the
 * first call. A transaction's `begin` travels in front, as a simple query. The results go
 * through PGlite's own parser, with the type parsers this thread was opened with.
 * @param {string} sql
 * @param {unknown[]} params
 * @param {boolean} begin
 */
async function query(sql, params, begin) {
  await pglite._checkReady();
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      /** @type {import('@electric-sql/pglite').BackendMessage[]} */
      const messages = [];
      /** @type {Uint8Array[]} */
      const front = begin ? [serialize.query('begin')] : [];
      let statement = PREPARE ? prepared.get(sql) : undefined;
      let synced = false;
      try {
        if (statement) {
          prepared.delete(sql);
          prepared.set(sql, statement);
        } else {
          const name = PREPARE ? `paddock_${nextName++}` : '';
          const closes = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
          const described = await pglite.execProtocol(
            concat([
              ...front,
              ...closes,
              serialize.parse({ name, text: sql }),
              serialize.describe({ type: 'S', name }),
            ]),
            { syncToFs: false },
          );
          front.length = 0;
          messages.push(...described.messages);
          statement = { name, types: parse.parseDescribeStatementResults(described.messages) };
          if (PREPARE) remember(sql, statement);
        }
        const { types } = statement;
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = pglite.serializers[/** @type {number} */ (types[i])];
          return serializer ? serializer(param) : String(param);
        });
        synced = true;
        const ran = await pglite.execProtocol(
          concat([
            ...front,
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        messages.push(...ran.messages);
      } catch (error) {
        if (statement?.name && /** @type {{code?: string}} */ (error)?.code === STALE_PLAN) forget(sql);
        throw error;
      } finally {
        // After an error PostgreSQL ignores everything up to the next sync.
        if (!synced) await pglite.execProtocol(serialize.sync(), { syncToFs: false });
      }
      // As pglite.query: the file system is synced after every statement.
      await pglite.syncToFs();
      // The last result is the statement's (a `begin` in front has one of its own).
      return parse.parseResults(messages, pglite.parsers).at(-1);
    }),
  );
}

/**
 * @param {string} sql
 * @param {{name: string, types: number[]}} statement
 */
function remember(sql, statement) {
  prepared.set(sql, statement);
  if (prepared.size <= MOST_PREPARED) return;
  const oldest = prepared.keys().next().value;
  if (oldest !== undefined) forget(oldest);
}

/** @param {string} sql */
function forget(sql) {
  const statement = prepared.get(sql);
  if (!statement) return;
  prepared.delete(sql);
  toClose.push(statement.name);
}

/** Messages run strictly one after another: a transaction's statements arrive in order. */
let queue = Promise.resolve();

/** @typedef {{id: number, kind: string, sql?: string, params?: unknown[], begin?: boolean, deadline?: number}} Message */

port.on('message', (/** @type {Message} */ message) => {
  queue = queue.then(() => run(message));
});

/** @param {Message} message */
async function run({ id, kind, sql, params, begin, deadline }) {
  // Waited past DATABASE_POOL_WAIT_MS behind other statements: refused unrun, as PostgreSQL's
  // pool refuses a request that waited too long for a connection (decision 014). 57014 is
  // query_canceled, which the server answers 503 with Retry-After; the caller has most likely
  // given up by now, and running it would only lengthen the queue behind it.
  if (deadline && Date.now() > deadline) {
    port.postMessage({
      id,
      error: {
        code: '57014',
        message: 'canceling statement: it waited longer than DATABASE_POOL_WAIT_MS for the embedded database',
      },
    });
    return;
  }
  try {
    // A transaction's begin travels with its first statement (pglite-pool.ts), in the same call
    // into the engine. It cannot fail on a working engine (a second begin is only a warning),
    // and a broken engine fails the statement behind it too.
    if (kind === 'query') {
      const result = await query(/** @type {string} */ (sql), params ?? [], Boolean(begin));
      port.postMessage({ id, rows: result?.rows ?? [], affectedRows: result?.affectedRows });
    } else if (kind === 'exec') {
      // Several statements in one string (migrations): only the simple protocol takes them.
      if (begin) await pglite.exec('begin');
      const results = await pglite.exec(/** @type {string} */ (sql));
      const last = results.at(-1);
      port.postMessage({ id, rows: last?.rows ?? [], affectedRows: last?.affectedRows });
    } else if (kind === 'dump') {
      // The data directory as a tarball (the tests' migrated template), its bytes moved, not copied.
      const bytes = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      port.postMessage({ id, rows: [], dump: bytes }, [bytes.buffer]);
    } else if (kind === 'close') {
      // Flushes the data directory; the thread then ends on its own (nothing left listening).
      await pglite.close();
      port.postMessage({ id, rows: [] });
      port.close();
    }
  } catch (error) {
    port.postMessage({ id, error: errorData(error) });
  }
}
