import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import { Batcher } from './batcher.ts';
import { compiledStatement } from './compiled-statement.ts';

/** How long a key is remembered; a retry comes within seconds, a day covers any client. */
export const KEY_TTL_MS = 24 * 3600_000;

/** A write's claim on its key: the caller's own, in one organization. */
export interface KeyClaim {
  organizationId: string;
  caller: string;
  key: string;
  requestHash: string;
  at: Date;
}

/** What the write answered, stored for its repeats. */
export interface KeyCompletion {
  id: number;
  statusCode: number;
  responseBody: string | null;
  responseType: string | null;
  at: Date;
}

/**
 * The Idempotency-Key records (decision 017, amendment of 2026-12-07). The fan app sends a key
 * with every write, so on race day each answer, check-in and entry also claims its key and then
 * stores its response: one statement and one commit each, unbatched, nearly halved the
 * throughput of the hot writes. Claims and completions that arrive together now go in one
 * statement each (platform/batcher.ts), as the throttle's counters do; a request still waits for
 * its own claim before it runs and for its own completion before its answer leaves, so a repeat
 * finds the first attempt either running (409) or answered.
 */
export class IdempotencyRecords {
  private readonly claims = new Batcher<KeyClaim, number | null>((batch) => this.claimAll(batch));
  private readonly completions = new Batcher<KeyCompletion, void>(async (batch) => {
    await completeKeys(this.db, {
      ids: batch.map((c) => c.id),
      statusCodes: batch.map((c) => c.statusCode),
      bodies: batch.map((c) => c.responseBody),
      types: batch.map((c) => c.responseType),
      ats: batch.map((c) => c.at),
    });
    return batch.map(() => undefined);
  });

  constructor(private readonly db: Database) {}

  /**
   * The new record's id when this request is the key's first (or the key's record had lapsed:
   * a lapsed key starts over in its row, with a new id); null when the key is taken, by an earlier
   * request or by one in the same batch, and the caller must look at the stored record.
   */
  claim(claim: KeyClaim): Promise<number | null> {
    return this.claims.add(claim);
  }

  complete(completion: KeyCompletion): Promise<void> {
    return this.completions.add(completion);
  }

  /** The stored record of a taken key (the caller's own only). */
  find(organizationId: string, caller: string, key: string) {
    return this.db
      .selectFrom('idempotencyKeys')
      .select(['requestHash', 'statusCode', 'responseBody', 'responseType'])
      .where('organizationId', '=', organizationId)
      .where('caller', '=', caller)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Deletes lapsed records, oldest first, up to `SWEEP_ROWS` per statement until a statement
   * finds none, at most `SWEEP_STATEMENTS` per call (a record a process with a fast clock made
   * may sit among the oldest without having lapsed, so a short statement is not the end). Each
   * fan write leaves a record with its answer, and nothing else deletes the key of a client
   * that never repeats it. Returns how many went.
   */
  async sweep(now: Date): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < SWEEP_STATEMENTS; i++) {
      const { numAffectedRows } = await sweepKeys(this.db, { before: new Date(now.getTime() - KEY_TTL_MS) });
      const n = Number(numAffectedRows ?? 0);
      deleted += n;
      if (n === 0) break;
    }
    return deleted;
  }

  /** A write that failed with a 5xx keeps no record: the client may retry it for real. */
  async release(id: number): Promise<void> {
    await this.db.deleteFrom('idempotencyKeys').where('id', '=', id).execute();
  }

  private async claimAll(batch: KeyClaim[]): Promise<(number | null)[]> {
    // A statement may upsert a row once: a key twice in the batch (a retry racing its first
    // attempt) is claimed by its first occurrence, the later ones find it taken.
    const firsts = new Map<string, KeyClaim>();
    for (const c of batch) if (!firsts.has(identity(c))) firsts.set(identity(c), c);
    // In key order: two processes' statements lock shared keys in the same order.
    const claims = [...firsts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
    const { rows } = await claimKeys(this.db, {
      organizationIds: claims.map((c) => c.organizationId),
      callers: claims.map((c) => c.caller),
      keys: claims.map((c) => c.key),
      hashes: claims.map((c) => c.requestHash),
      ats: claims.map((c) => c.at),
      ttl: `${KEY_TTL_MS} milliseconds`,
    });
    const claimed = new Map(rows.map((r) => [identity(r), Number(r.id)]));
    return batch.map((c) => (firsts.get(identity(c)) === c ? (claimed.get(identity(c)) ?? null) : null));
  }
}

const identity = (c: { organizationId: string; caller: string; key: string }) =>
  `${c.organizationId}\u0000${c.caller}\u0000${c.key}`;

/**
 * Claims the batch's keys: a new key gets its row; a taken key whose record has lapsed (older
 * than the TTL, by the claim's own clock) starts over in its row, as if deleted and inserted;
 * a live taken key is left alone and returns nothing. Compiled once, the batch as arrays.
 */
const claimKeys = compiledStatement(['organizationIds', 'callers', 'keys', 'hashes', 'ats', 'ttl'], (db, v) =>
  db
    .insertInto('idempotencyKeys')
    .columns(['organizationId', 'caller', 'key', 'requestHash', 'createdAt'])
    .expression(
      sql<{
        organizationId: string;
        caller: string;
        key: string;
        requestHash: string;
        createdAt: Date;
      }>`select * from unnest(${v.organizationIds}::uuid[], ${v.callers}::text[], ${v.keys}::text[], ${v.hashes}::text[], ${v.ats}::timestamptz[])`,
    )
    .onConflict((oc) =>
      oc
        .columns(['organizationId', 'caller', 'key'])
        .doUpdateSet((eb) => ({
          // A new id too: ids stay in the order of their records' creation, which the
          // sweep relies on.
          id: sql`default`,
          requestHash: eb.ref('excluded.requestHash'),
          createdAt: eb.ref('excluded.createdAt'),
          // Literals: a compiled statement's only parameters are its values.
          statusCode: sql`null`,
          responseBody: sql`null`,
          responseType: sql`null`,
          completedAt: sql`null`,
        }))
        .where(
          'idempotencyKeys.createdAt',
          '<',
          sql<Date>`${sql.ref('excluded.created_at')} - ${v.ttl}::interval`,
        ),
    )
    .returning(['id', 'organizationId', 'caller', 'key']),
);

/** Rows one sweep statement looks at and may delete: a few milliseconds of the database's time. */
export const SWEEP_ROWS = 1_000;
/** Statements per sweep: 100,000 records, more than a busy minute of race-day writes leaves. */
const SWEEP_STATEMENTS = 100;

/**
 * The `SWEEP_ROWS` oldest records by id (the primary key's first entries: no scan of the rest)
 * that have lapsed. Ids follow creation, a reclaimed key included, so when the oldest have not
 * lapsed none has.
 */
const sweepKeys = compiledStatement(['before'], (db, v) =>
  db
    .with('oldest', (qb) =>
      qb.selectFrom('idempotencyKeys').select(['id', 'createdAt']).orderBy('id').limit(sql.lit(SWEEP_ROWS)),
    )
    .deleteFrom('idempotencyKeys')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('oldest')
        .select('oldest.id')
        .where('oldest.createdAt', '<', sql<Date>`${v.before}::timestamptz`),
    ),
);

/** Stores the batch's responses, each on its own record. */
const completeKeys = compiledStatement(['ids', 'statusCodes', 'bodies', 'types', 'ats'], (db, v) =>
  db
    .updateTable('idempotencyKeys')
    .from(
      sql<{
        id: string;
        statusCode: number;
        responseBody: string | null;
        responseType: string | null;
        completedAt: Date;
      }>`unnest(${v.ids}::bigint[], ${v.statusCodes}::int[], ${v.bodies}::text[], ${v.types}::text[], ${v.ats}::timestamptz[])`.as(
        sql`done(id, status_code, response_body, response_type, completed_at)`,
      ),
    )
    .set((eb) => ({
      statusCode: eb.ref('done.statusCode'),
      responseBody: eb.ref('done.responseBody'),
      responseType: eb.ref('done.responseType'),
      completedAt: eb.ref('done.completedAt'),
    }))
    .whereRef('idempotencyKeys.id', '=', 'done.id'),
);
