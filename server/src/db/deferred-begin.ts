import type pg from 'pg';
import { commitsTransaction, namedStatements, type Query } from './prepared-statements.ts';

/**
 * Sends a transaction's `begin` in the same network write as its first statement (decision 036,
 * amendment of 2026-11-27): one round trip fewer on every write transaction.
 *
 * Kysely opens a transaction with a `begin` it awaits, then sends the first statement: two
 * round trips, each a socket write here and a wake-up of the PostgreSQL backend on the same two
 * cores, for a command that does nothing but wait for the statement behind it. Here the pooled
 * client answers the `begin` at once without sending it, and sends it with the next statement:
 * the client runs in node-postgres's pipeline mode (several queries on the wire, answered in
 * order, each ending with its own Sync) and the socket is corked around the two, so both leave
 * in one write. The statement's answer waits for the `begin`'s, so a `begin` that failed (the
 * connection lost) fails the statement too, and Kysely rolls back as before. A transaction that
 * ends before any statement sends nothing: its `commit` or `rollback` is answered at once.
 *
 * Pipeline mode changes nothing else for a client used one query at a time, which is how Kysely
 * uses a connection; it refuses cursors and query streams, which the server does not use.
 */

/** node-postgres's client with the two internals this needs: the query function and its socket. */
interface PipelinedClient {
  query: Query;
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

const answered = (command: string): pg.QueryResult => ({
  command,
  rowCount: null,
  oid: 0,
  rows: [],
  fields: [],
});

const isBare = (text: unknown, values: unknown, command: string) =>
  text === command && (values === undefined || (Array.isArray(values) && values.length === 0));

let commitsWithStatement = 0;

/** How many commits this process sent in the same network write as their last statement. */
export function commitsSentWithStatement(): number {
  return commitsWithStatement;
}

/** Applied to each client the pool creates (its `connect` event); the pool sets `pipeline: true`. */
export function deferBegin(client: pg.PoolClient, prepared = true): void {
  const target = client as unknown as PipelinedClient;
  // Registered hot SQL travels as a named statement (prepared-statements.ts) unless turned off.
  const own: Query = target.query.bind(client);
  const send: Query = prepared ? namedStatements(own) : own;
  /** A `begin` answered but not yet sent. */
  let pending = false;
  /** A `begin` went out and no `commit` or `rollback` yet. */
  let open = false;
  /** The `commit` that left with the transaction's last statement, answered to the caller's own. */
  let ended: Promise<pg.QueryResult> | null = null;
  target.query = (text, values) => {
    if (ended) return afterLast(text, values);
    if (isBare(text, values, 'begin')) {
      pending = true;
      return Promise.resolve(answered('BEGIN'));
    }
    if (isBare(text, values, 'commit') || isBare(text, values, 'rollback')) {
      const command = text as string;
      if (pending) {
        pending = false;
        return Promise.resolve(answered(command.toUpperCase()));
      }
      open = false;
      return send(text, values);
    }
    const last = (pending || open) && commitsTransaction(text);
    if (!pending && !last) return send(text, values);
    const stream = target.connection?.stream;
    stream?.cork?.();
    let begin: Promise<unknown> = Promise.resolve();
    let statement: Promise<pg.QueryResult>;
    try {
      if (pending) begin = send('begin');
      statement = send(text, values);
      if (last) ended = send('commit');
    } finally {
      stream?.uncork?.();
    }
    pending = false;
    open = !last;
    if (last) commitsWithStatement++;
    // Awaited by the caller's own commit or rollback; until then a failure is not unhandled.
    ended?.catch(() => {});
    // Both settle; the begin's failure wins, since the statement then ran outside a transaction.
    return Promise.allSettled([begin, statement]).then(([b, s]) => {
      if (b.status === 'rejected') throw b.reason;
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
  };

  /**
   * After the last statement the transaction is over: the caller's `commit` gets the answer of
   * the one that left with it, and a `rollback` (its code threw after a statement that wrote
   * nothing, or failed, which the commit already rolled back) has nothing left to undo. A read
   * may still follow (an announcement's lookup), outside the transaction; a write may not.
   */
  function afterLast(text: unknown, values: unknown): Promise<pg.QueryResult> {
    const commit = ended as Promise<pg.QueryResult>;
    if (isBare(text, values, 'commit')) {
      ended = null;
      return commit;
    }
    if (isBare(text, values, 'rollback')) {
      ended = null;
      return commit.then(
        () => answered('ROLLBACK'),
        () => answered('ROLLBACK'),
      );
    }
    if (typeof text === 'string' && /^\s*select\b/i.test(text)) return send(text, values);
    return Promise.reject(new Error("A write after its transaction's last statement, which committed it"));
  }
}
