import type { EngineResult, PGliteEngine } from './pglite-worker-client.ts';

/**
 * Adapts the embedded engine (PGlite on its worker thread, pglite-worker-client.ts) to the small
 * part of node-postgres' Pool that Kysely's PostgresDialect uses.
 *
 * PGlite is one connection, and the worker runs what it is sent strictly in the order sent. A
 * transaction has the engine to itself: from its BEGIN until its COMMIT or ROLLBACK is sent,
 * nothing else is sent, so no other statement can land inside it, which gives the isolation a real pool
 * gives (and more: transactions run one at a time). A statement outside a transaction is atomic
 * on its own, as on PostgreSQL, so it is sent at once, without waiting for the answers to the
 * ones before it: the worker finds the next statement already queued instead of idling while
 * this thread gets round to sending it. Whoever asks first goes first, so a transaction waits
 * only for the statements sent before its BEGIN, and statements asked for after a BEGIN wait
 * for that transaction's end.
 */
export class PGlitePool {
  /** The connection whose transaction has the engine, if any. */
  private owner: object | null = null;
  /** Statements and BEGINs waiting for a transaction to end, first asked first served. */
  private readonly waiting: { exclusive: object | null; send(): void }[] = [];
  /** Statements sent and not answered yet. */
  private inFlight = 0;
  private reopening: Promise<PGliteEngine> | null = null;

  /**
   * @param reopen Starts a fresh engine on the same data directory after the current one died
   *   (decision 014: the process recovers by itself). Absent for an in-memory database, whose
   *   contents died with it: every query then fails as unavailable.
   */
  constructor(
    private engine: PGliteEngine,
    private readonly reopen?: () => Promise<PGliteEngine>,
    /**
     * How long a statement, or a transaction's first one, may wait for the engine before it is
     * refused unrun as unavailable (DATABASE_POOL_WAIT_MS, decision 014): the bound a real pool's
     * connection wait gives. 0: no bound.
     */
    private readonly waitMs = 0,
  ) {}

  /**
   * The gauges of /metrics: one connection, busy while anything is sent or a transaction is
   * open; waiting counts the statements queued here and those queued in the worker behind the
   * one it runs.
   */
  stats() {
    const busy = this.owner !== null || this.inFlight > 0;
    return { size: 1, idle: busy ? 0 : 1, waiting: this.waiting.length + Math.max(0, this.inFlight - 1) };
  }

  /** The database as a tarball to start another from (engine.ts's `loadDataDir`). */
  async dump(): Promise<Uint8Array> {
    return (await this.current()).dump();
  }

  async connect() {
    // The connection keeps the engine it started on: after a crash and a reopen, a transaction
    // begun on the dead engine must fail, never run its remaining statements outside one.
    const engine = await this.current();
    const pool = this;
    const connection = {};
    let inTransaction = false;
    // Kysely awaits its `begin` before sending the first statement: answered here at once and
    // sent with that statement instead, one round trip to the worker fewer per transaction
    // (the same trade as deferred-begin.ts makes for PostgreSQL, decision 036).
    let beginPending = false;
    // When the transaction asked for the engine: its first statement's wait counts from there.
    let beginAskedAt = 0;
    // Its commit or rollback was sent, and the engine handed on behind it (see below).
    let ended = false;
    return {
      query(sql: string, parameters: readonly unknown[]) {
        if (inTransaction) {
          if (!beginPending) {
            if (!isBare(sql, parameters, 'commit') && !isBare(sql, parameters, 'rollback'))
              return pool.send(engine, sql, parameters);
            // The transaction's last message: what waits for the engine is sent right behind it
            // instead of after its answer came back and Kysely released the connection, one
            // round trip of an idle engine fewer per transaction. The worker runs messages in
            // the order sent, so all of it still runs after the commit; and a commit, failed or
            // not, leaves no transaction open (PostgreSQL rolls back one whose commit failed).
            const end = pool.send(engine, sql, parameters);
            inTransaction = false;
            ended = true;
            if (pool.owner === connection) pool.endTransaction();
            return end;
          }
          beginPending = false;
          // A transaction that ends before any statement never reached the engine.
          if (isBare(sql, parameters, 'commit')) return Promise.resolve(answered('COMMIT'));
          if (isBare(sql, parameters, 'rollback')) return Promise.resolve(answered('ROLLBACK'));
          return pool.send(engine, sql, parameters, true, pool.deadline(beginAskedAt));
        }
        // Kysely rolls back after a failed commit. That transaction is over already, and the
        // engine may be running the next one's statements: a rollback sent now would undo those.
        if (ended && isBare(sql, parameters, 'rollback')) return Promise.resolve(answered('ROLLBACK'));
        if (BEGIN.test(sql)) {
          ended = false;
          inTransaction = true;
          if (!isBare(sql, parameters, 'begin'))
            return pool.gate(connection, () => pool.send(engine, sql, parameters));
          beginAskedAt = Date.now();
          return pool.gate(connection, () => {
            beginPending = true;
            return Promise.resolve(answered('BEGIN'));
          });
        }
        const deadline = pool.deadline(Date.now());
        return pool.gate(null, () => pool.send(engine, sql, parameters, false, deadline));
      },
      release() {
        if (inTransaction && pool.owner === connection) pool.endTransaction();
        inTransaction = false;
        beginPending = false;
        ended = false;
      },
    };
  }

  async end() {
    // Behind every transaction asked for so far; the worker answers what was sent before closing.
    await this.gate({}, () => Promise.resolve(answered('SELECT')));
    await this.engine.close();
  }

  /**
   * Sends now, or once the transaction in progress (and everything asked for before) is done.
   * `exclusive` is the connection starting a transaction with this statement, null for a
   * statement of its own.
   */
  private gate(exclusive: object | null, send: () => Promise<Row>): Promise<Row> {
    if (this.owner === null && this.waiting.length === 0) {
      if (exclusive) this.owner = exclusive;
      return send();
    }
    return new Promise<Row>((resolve, reject) => {
      this.waiting.push({ exclusive, send: () => send().then(resolve, reject) });
    });
  }

  private endTransaction() {
    this.owner = null;
    // Sent synchronously and in order: the worker runs them in the order it receives them, so a
    // statement asked for before the next BEGIN also reaches the engine before it.
    while (this.owner === null) {
      const next = this.waiting.shift();
      if (!next) break;
      if (next.exclusive) this.owner = next.exclusive;
      next.send();
    }
  }

  /** The wall-clock time (ms) past which a statement asked for at `askedAt` is not run. */
  private deadline(askedAt: number) {
    return this.waitMs > 0 ? askedAt + this.waitMs : 0;
  }

  private send(
    engine: PGliteEngine,
    sql: string,
    parameters: readonly unknown[],
    begin = false,
    deadline = 0,
  ): Promise<Row> {
    // Migrations send several statements at once; only the simple protocol (exec) takes them.
    const multi = parameters.length === 0 && /;\s*\S/.test(sql);
    this.inFlight++;
    const sent: Promise<EngineResult> = multi
      ? engine.exec(sql, begin)
      : engine.query(sql, parameters, begin, deadline);
    return sent.then(
      (result) => {
        this.inFlight--;
        return {
          command: commandOf(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      (error: unknown) => {
        this.inFlight--;
        throw error;
      },
    );
  }

  private async current(): Promise<PGliteEngine> {
    if (!this.engine.failure || !this.reopen) return this.engine;
    this.reopening ??= this.reopen().finally(() => {
      this.reopening = null;
    });
    this.engine = await this.reopening;
    return this.engine;
  }
}

interface Row {
  command: string;
  rowCount: number;
  rows: Record<string, unknown>[];
}

const answered = (command: string): Row => ({ command, rowCount: 0, rows: [] });

const isBare = (sql: string, parameters: readonly unknown[], command: string) =>
  sql === command && parameters.length === 0;

/** How Kysely opens a transaction (PostgresDriver.beginTransaction). */
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;

function commandOf(sql: string): 'INSERT' | 'UPDATE' | 'DELETE' | 'SELECT' | 'MERGE' {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase();
  return word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT';
}
