/**
 * Group commit for small statements every request makes (a throttle's counter, a live
 * event's NOTIFY): while one batch is in flight the items that arrive wait, and the next
 * statement carries them all. Under race-day load that is a fraction of a round trip per
 * request instead of one; alone, an item waits only for the current turn of the event loop.
 * One batch in flight at a time also keeps the items' order across batches (decision 036).
 */
export class Batcher<Item, Result> {
  private pending: { item: Item; resolve: (r: Result) => void; reject: (e: Error) => void }[] = [];
  private running = false;

  /**
   * `run` answers one result per item, in the items' order; a throw fails every item of its
   * batch (and only those).
   */
  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 500,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.running || this.pending.length === 0) return;
    this.running = true;
    // After the current turn: the items of every request read in it join the batch.
    setImmediate(() => void this.flush());
  }

  private async flush() {
    const batch = this.pending.splice(0, this.maxBatch);
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => {
        b.resolve(results[i] as Result);
      });
    } catch (error) {
      for (const b of batch) b.reject(error as Error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}

/**
 * A batch's rows by the caller they belong to (a fan's id, say), so each caller's answer is
 * picked from its own rows only. (Map.groupBy arrived in Node 21; we support Node 20.)
 */
export function groupBy<Row, Key>(rows: Iterable<Row>, keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
