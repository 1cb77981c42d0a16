import { Worker } from 'node:worker_threads';

/** What the lease queue (pglite-pool.ts) needs from the embedded engine. */
export interface PGliteEngine {
  /**
   * `begin`: open a transaction first, in the same message (see PGlitePool's deferred begin).
   * `deadline`: the wall-clock ms after which the statement is refused unrun (0: none).
   */
  query(
    sql: string,
    parameters: readonly unknown[],
    begin?: boolean,
    deadline?: number,
  ): Promise<EngineResult>;
  /** Several statements in one string, through the simple protocol (migrations). */
  exec(sql: string, begin?: boolean): Promise<EngineResult>;
  /** The data directory as a tarball another engine can start from. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
  /** Set once the engine stopped without being closed: every query on it fails. */
  readonly failure: Error | null;
}

export interface EngineResult {
  rows: Record<string, unknown>[];
  affectedRows?: number | undefined;
  /** A `dump`'s data directory. */
  dump?: Uint8Array;
}

type Reply =
  | { id: number; rows: Record<string, unknown>[]; affectedRows?: number; error?: undefined }
  | { id: number; error: Record<string, unknown> };

interface Pending {
  resolve(result: EngineResult): void;
  reject(error: Error): void;
  /** Where the query was sent from, so a PostgreSQL error's stack names the caller. */
  origin: Error;
}

/**
 * Beside this file in the sources, and beside server/dist/main.mjs in the compiled server
 * (scripts/build-server.mjs emits it there): the same relative URL holds for both.
 */
const WORKER_FILE = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * A failure that means "the database is not there": SQLSTATE 08006 and node-postgres' wording,
 * both of which platform/sql-errors.ts maps to 503 (decision 014).
 */
function unavailable(reason: string): Error {
  return Object.assign(new Error(`Connection terminated: the PGlite worker ${reason}`), { code: '08006' });
}

/** How PGliteWorker.start opens the database; every field may be left out. */
export interface PGliteWorkerOptions {
  /**
   * False: every statement is parsed again on each call (the worker's own comment says what
   * named statements save; DATABASE_PREPARED_STATEMENTS). Default true.
   */
  preparedStatements?: boolean;
  /** How many texts stay prepared (the tests lower it). */
  mostPrepared?: number;
  /**
   * An in-memory database starts as this dump of another (PGlite's `dumpDataDir`), skipping
   * initdb (the tests' migrated template).
   */
  loadDataDir?: Uint8Array;
}

/**
 * PGlite running on a worker thread (pglite-worker.mjs), persisted under dataDir or in memory.
 * Queries are messages; the worker runs them in the order sent, so whoever holds the lease
 * (PGlitePool) has the database to itself exactly as with an in-process PGlite.
 */
export class PGliteWorker implements PGliteEngine {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  failure: Error | null = null;

  private constructor(
    /** Exposed for the crash test; nothing else talks to the thread directly. */
    readonly worker: Worker,
    onFailure: (error: Error) => void,
  ) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => {
      this.fail(unavailable(`failed: ${error.message}`), onFailure);
    });
    worker.on('exit', (code) => {
      if (this.closing && code === 0) return;
      this.fail(unavailable(`exited (code ${code})`), onFailure);
    });
    // An idle database does not keep the process alive; a query in flight does (see send()).
    worker.unref();
  }

  /** Starts the thread and resolves once PGlite opened (or rejects with why it did not). */
  static async start(
    dataDir: string | undefined,
    onFailure: (error: Error) => void,
    options: PGliteWorkerOptions = {},
  ): Promise<PGliteWorker> {
    const { preparedStatements = true, mostPrepared, loadDataDir } = options;
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir, preparedStatements, mostPrepared, loadDataDir },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(unavailable(`exited while opening (code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else reject(toError(message.error ?? {}, new Error()));
      });
    });
    return new PGliteWorker(worker, onFailure);
  }

  query(sql: string, parameters: readonly unknown[], begin = false, deadline = 0): Promise<EngineResult> {
    return this.send({ kind: 'query', sql, params: parameters, begin, deadline });
  }

  exec(sql: string, begin = false): Promise<EngineResult> {
    return this.send({ kind: 'exec', sql, begin });
  }

  /** The database's data directory as a tarball PGlite can start from (`loadDataDir`). */
  async dump(): Promise<Uint8Array> {
    const { dump } = await this.send({ kind: 'dump' });
    if (!dump) throw new Error('PGlite answered a dump without its data');
    return dump;
  }

  /** Closes PGlite in the worker (its data directory flushed), then the thread ends. */
  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    // Held until the thread is gone: the caller's next step must not find the process ended.
    this.worker.ref();
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.send({ kind: 'close' });
    await exited;
  }

  private send(message: {
    kind: string;
    sql?: string;
    params?: readonly unknown[];
    begin?: boolean;
    deadline?: number;
  }): Promise<EngineResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<EngineResult>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject, origin: new Error() });
      this.worker.postMessage({ id, ...message });
    });
  }

  private settle(reply: Reply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
    if (reply.error) pending.reject(toError(reply.error, pending.origin));
    else pending.resolve(reply);
  }

  private fail(error: Error, onFailure: (error: Error) => void) {
    if (this.failure) return;
    this.failure = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    onFailure(error);
  }
}

/**
 * The worker's error as an Error on this thread with the same fields (code, constraint, detail,
 * severity, …) the code reads, and a stack that continues into the caller's.
 */
function toError(data: Record<string, unknown>, origin: Error): Error {
  const { message, stack, ...fields } = data;
  const error = Object.assign(new Error(String(message ?? 'PGlite error')), fields);
  error.stack = `${String(stack ?? error.message)}\n    --- sent from ---${origin.stack?.replace(/^Error\n?/, '\n') ?? ''}`;
  return error;
}
