import type { TransactionBuilder } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus, EventBusLogger, LiveEvent } from './event-bus.ts';

interface Binding {
  bus: EventBus;
  log?: EventBusLogger | undefined;
}

/** The bus of each root database handle (one per process; tests make several). */
const bindings = new WeakMap<object, Binding>();
/** The events an open transaction has queued, by its transaction handle. */
const queues = new WeakMap<object, Queue>();

interface Queue {
  binding: Binding;
  events: LiveEvent[];
  /** Process-local work that must wait for the commit (an in-memory cache entry to drop). */
  callbacks: (() => void)[];
}

/**
 * Makes every transaction of this database handle publish its queued live events after it
 * commits, and drop them when it rolls back (decision 012: never an event for a write that did
 * not happen). Domains keep writing `db.transaction().execute(async (trx) => …)` and call
 * `publishAfterCommit(trx, event)` inside; only this file knows how the commit is observed:
 * the handle's transaction builder is wrapped once, here, at start (decision 023).
 */
export function bindEventBus(db: Database, bus: EventBus, log?: EventBusLogger): void {
  const binding: Binding = { bus, log };
  bindings.set(db, binding);
  const original = db.transaction.bind(db);
  db.transaction = () => trackCommit(binding, original());
}

function trackCommit(binding: Binding, builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const tracked = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) =>
      trackCommit(binding, builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) =>
      trackCommit(binding, builder.setIsolationLevel(level)),
    async execute<T>(callback: (trx: Database) => Promise<T>): Promise<T> {
      const queue: Queue = { binding, events: [], callbacks: [] };
      const result = await builder.execute((trx) => {
        queues.set(trx, queue);
        return callback(trx);
      });
      // Reached only when COMMIT succeeded: a throw above rolled back and skipped this.
      for (const event of queue.events) send(binding, event);
      for (const callback of queue.callbacks) callback();
      return result;
    },
  };
  // The builder's private fields make a structural copy the only way to wrap it.
  return tracked as unknown as TransactionBuilder<DB>;
}

function send(binding: Binding, event: LiveEvent) {
  // The write is committed whatever happens to its notification: a transport failure is
  // logged, never reported to the caller as a failed write.
  binding.bus.publish(event).catch((error: Error) => {
    binding.log?.error({ err: error.message, event: event.event }, 'live event not published');
  });
}

/** The bus of the app `db` belongs to (a root handle or one of its transactions), if bound. */
export function busOf(db: Database): EventBus | undefined {
  return (queues.get(db)?.binding ?? bindings.get(db))?.bus;
}

/**
 * Queues a live event on the transaction `db` belongs to, published once it commits; on a
 * root handle (a write that committed by itself) it is published at once. A handle with no bus
 * (a script's own database) publishes nothing.
 */
export function publishAfterCommit(db: Database, event: LiveEvent): void {
  const queue = queues.get(db);
  if (queue) {
    queue.events.push(event);
    return;
  }
  const binding = bindings.get(db);
  if (binding && !db.isTransaction) send(binding, event);
}

/**
 * Runs `callback` in this process once the transaction `db` belongs to commits, never after a
 * rollback; on a root handle or an unbound one, at once. For memory only this process holds
 * (a cache entry the write makes stale): other processes learn of the write from its events.
 */
export function afterCommit(db: Database, callback: () => void): void {
  const queue = queues.get(db);
  if (queue) queue.callbacks.push(callback);
  else callback();
}
