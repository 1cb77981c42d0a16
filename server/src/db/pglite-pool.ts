import type { PGliteEngine } from './pglite-worker-client.ts';

/**
 * Adapts the embedded engine (PGlite on its worker thread, pglite-worker-client.ts) to the small
 * part of node-postgres' Pool that Kysely's PostgresDialect uses. PGlite is a single connection,
 * so a "connection" here is an exclusive lease: a transaction holds it from BEGIN to COMMIT and
 * other queries queue behind it, which gives the same isolation a real pool gives.
 */
export class PGlitePool {
  private tail: Promise<void> = Promise.resolve();
  /** Leases held or queued: 1 = the connection is busy, more = queries waiting for it. */
  leases = 0;
  private reopening: Promise<PGliteEngine> | null = null;

  /**
   * @param reopen Starts a fresh engine on the same data directory after the current one died
   *   (decision 014: the process recovers by itself). Absent for an in-memory database, whose
   *   contents died with it: every query then fails as unavailable.
   */
  constructor(
    private engine: PGliteEngine,
    private readonly reopen?: () => Promise<PGliteEngine>,
  ) {}

  async connect() {
    let release!: () => void;
    const leased = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => leased);
    this.leases++;
    void leased.then(() => this.leases--);
    await previous;
    let engine: PGliteEngine;
    try {
      engine = await this.current();
    } catch (error) {
      release();
      throw error;
    }
    // The lease keeps the engine it started on: after a crash and a reopen, a transaction begun
    // on the dead engine must fail, never run its remaining statements outside a transaction.
    return {
      async query(sql: string, parameters: readonly unknown[]) {
        const multi = parameters.length === 0 && /;\s*\S/.test(sql);
        const result = multi ? await engine.exec(sql) : await engine.query(sql, parameters);
        return {
          command: commandOf(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        release();
      },
    };
  }

  private async current(): Promise<PGliteEngine> {
    if (!this.engine.failure || !this.reopen) return this.engine;
    this.reopening ??= this.reopen().finally(() => {
      this.reopening = null;
    });
    this.engine = await this.reopening;
    return this.engine;
  }

  async end() {
    await this.tail;
    await this.engine.close();
  }
}

function commandOf(sql: string): 'INSERT' | 'UPDATE' | 'DELETE' | 'SELECT' | 'MERGE' {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase();
  return word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT';
}
