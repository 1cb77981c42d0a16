import type { PGlite } from '@electric-sql/pglite';

/**
 * Adapts one PGlite instance to the small part of node-postgres' Pool that Kysely's
 * PostgresDialect uses. PGlite is a single connection, so a "connection" here is an
 * exclusive lease: a transaction holds it from BEGIN to COMMIT and other queries queue
 * behind it, which gives the same isolation a real pool gives.
 */
export class PGlitePool {
  private tail: Promise<void> = Promise.resolve();
  /** Leases held or queued: 1 = the connection is busy, more = queries waiting for it. */
  leases = 0;

  constructor(private readonly pglite: PGlite) {}

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
    const pglite = this.pglite;
    return {
      async query(sql: string, parameters: readonly unknown[]) {
        // Migrations send several statements at once; only the simple protocol (exec) takes them.
        if (parameters.length === 0 && /;\s*\S/.test(sql)) {
          const results = await pglite.exec(sql);
          const last = results.at(-1);
          return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: last?.rows ?? [] };
        }
        const result = await pglite.query<Record<string, unknown>>(sql, parameters as unknown[]);
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

  async end() {
    await this.tail;
    await this.pglite.close();
  }
}

function commandOf(sql: string): 'INSERT' | 'UPDATE' | 'DELETE' | 'SELECT' | 'MERGE' {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase();
  return word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT';
}
