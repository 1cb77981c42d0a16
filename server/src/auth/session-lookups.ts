import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import { Batcher } from '../platform/batcher.ts';
import { compiledStatement } from '../platform/compiled-statement.ts';

interface SessionCheck {
  sessionId: string;
  userId: string;
}

/** A session that exists and belongs to the fan asked about, with its last token's digest. */
export interface SessionSeen {
  userId: string;
  accessTokenDigest: string | null;
}

/**
 * Session checks are read in batches: while one query is in flight, the checks that arrive wait
 * and the next query answers them all (`where id = any(…)`). A fan's first call in a while misses
 * the 5 s confirmations (decision 032) and reads the sessions table; at race day most calls are
 * such first calls, and 50 of them at once cost one round trip instead of 50 (on PGlite, whose
 * one connection runs queries one after the other, they no longer queue behind each other).
 * Each check is answered from the rows as read, so a batch where one session of several has
 * ended refuses that one only. The row's access-token digest comes along (decision 038).
 */
const MAX_PER_QUERY = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One batcher per database handle, so two apps in one process (the tests) never share a query. */
const batchers = new WeakMap<Database, Batcher<SessionCheck, SessionSeen | undefined>>();

async function lookUp(db: Database, checks: SessionCheck[]): Promise<(SessionSeen | undefined)[]> {
  // An id that is no UUID names no session; sent along, the cast would fail the whole batch.
  const ids = [...new Set(checks.map((c) => c.sessionId.toLowerCase()).filter((id) => UUID.test(id)))];
  const rows = new Map<string, SessionSeen>();
  if (ids.length > 0) {
    const found = await sessionsById(db, { ids });
    for (const row of found.rows) rows.set(row.id, row);
  }
  return checks.map((c) => {
    const row = rows.get(c.sessionId.toLowerCase());
    return row?.userId === c.userId.toLowerCase() ? row : undefined;
  });
}

/**
 * The batch's statement, compiled once: the ids travel as one array, so its SQL is the same for
 * any batch and PostgreSQL parses and plans it once per connection (decision 036), not per batch.
 */
const sessionsById = compiledStatement(['ids'], (db, v) =>
  db
    .selectFrom('sessions')
    .select(['id', 'userId', 'accessTokenDigest'])
    .where(sql<boolean>`id = any(${v.ids}::uuid[])`),
);

/** The session if it exists now and belongs to the fan, read with the other checks pending. */
export function sessionRow(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<SessionSeen | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher((checks) => lookUp(db, checks), MAX_PER_QUERY);
    batchers.set(db, batcher);
  }
  return batcher.add({ sessionId, userId });
}
