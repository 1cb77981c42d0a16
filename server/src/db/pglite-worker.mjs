// @ts-check
// The embedded PostgreSQL (PGlite) on a worker thread of its own (decision 010, amendment of
// 2026-11-27): its WebAssembly runs here, so SQL and the main thread's HTTP work overlap.
// Plain JavaScript on purpose: it loads as it is under tsx, vitest and the compiled server
// (scripts/build-server.mjs emits it next to server/dist/main.mjs), without a TypeScript
// loader thread per database. The main thread (pglite-worker-client.ts) keeps the lease queue;
// this thread runs what it is sent, one message at a time, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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
    // A transaction's begin travels with its first statement (pglite-pool.ts): if it fails, the
    // statement is not run and its caller gets the begin's error.
    if (begin) await pglite.exec('begin');
    if (kind === 'query') {
      const result = await pglite.query(/** @type {string} */ (sql), params);
      port.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows });
    } else if (kind === 'exec') {
      // Several statements in one string (migrations): only the simple protocol takes them.
      const results = await pglite.exec(/** @type {string} */ (sql));
      const last = results.at(-1);
      port.postMessage({ id, rows: last?.rows ?? [], affectedRows: last?.affectedRows });
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
