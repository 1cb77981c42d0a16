import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/engine.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { afterCommit, bindEventBus, publishAfterCommit } from './after-commit.ts';
import { type EventBus, type LiveEvent, LocalEventBus } from './event-bus.ts';
import { NOTIFY_PAYLOAD_LIMIT, PostgresEventBus } from './postgres-event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const event = (name: string, payload: Record<string, unknown> = {}): LiveEvent => ({
  organizationId: randomUUID(),
  topic: 'live',
  event: name,
  payload,
});

/** The events a bus delivers, and a wait for the n-th one. */
function collect(bus: EventBus) {
  const seen: LiveEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  return {
    seen,
    async until(count: number, ms = 3_000) {
      const end = Date.now() + ms;
      while (seen.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      return seen;
    },
  };
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('after commit (in-process bus on the embedded database)', async () => {
  const database = await openDatabase({ dataDir: null });
  await migrateToLatest(database.db);
  const bus = new LocalEventBus();
  bindEventBus(database.db, bus);
  afterAll(() => database.close());
  const received = collect(bus);

  it('a committed transaction publishes its events, in order, only after COMMIT', async () => {
    const before = received.seen.length;
    await database.db.transaction().execute(async (trx) => {
      publishAfterCommit(trx, event('first'));
      publishAfterCommit(trx, event('second'));
      await settle(30);
      expect(received.seen.length).toBe(before);
    });
    const seen = await received.until(before + 2);
    expect(seen.slice(before).map((e) => e.event)).toEqual(['first', 'second']);
  });

  it('a rolled-back transaction publishes nothing', async () => {
    const before = received.seen.length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        publishAfterCommit(trx, event('never'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle();
    expect(received.seen.slice(before).map((e) => e.event)).toEqual([]);
  });

  it('a transaction whose COMMIT fails publishes nothing', async () => {
    const before = received.seen.length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        publishAfterCommit(trx, event('deferred'));
        // A deferred constraint is checked at COMMIT, so the commit itself fails.
        await sql`create temp table t_deferred (id int unique deferrable initially deferred) on commit drop`.execute(
          trx,
        );
        await sql`insert into t_deferred values (1), (1)`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    await settle();
    expect(received.seen.slice(before)).toEqual([]);
  });

  it('afterCommit runs its work once the transaction commits, never after a rollback', async () => {
    const ran: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      afterCommit(trx, () => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    afterCommit(database.db, () => ran.push('outside a transaction'));
    expect(ran).toEqual(['committed', 'outside a transaction']);
  });

  it('a write outside a transaction publishes at once; setIsolationLevel keeps the tracking', async () => {
    const before = received.seen.length;
    publishAfterCommit(database.db, event('autocommit'));
    await database.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => publishAfterCommit(trx, event('serializable')));
    const seen = await received.until(before + 2);
    expect(seen.slice(before).map((e) => e.event)).toEqual(['autocommit', 'serializable']);
  });
});

describe.runIf(DATABASE_URL)('PostgreSQL LISTEN/NOTIFY', () => {
  const buses: PostgresEventBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });
  const channel = `paddock_live_test_${randomUUID().slice(0, 8)}`;

  async function open() {
    const bus = new PostgresEventBus(DATABASE_URL!, channel);
    buses.push(bus);
    await bus.start();
    return bus;
  }

  it('two bus instances on one PostgreSQL both receive an event either publishes, once each', async () => {
    const a = await open();
    const b = await open();
    const atA = collect(a);
    const atB = collect(b);
    const sent = event('challenge_published', { challengeId: randomUUID() });
    await a.publish(sent);
    expect(await atB.until(1)).toEqual([sent]);
    expect(await atA.until(1)).toEqual([sent]);
    await settle();
    expect(atA.seen).toHaveLength(1);
  });

  it('an event over the 8 kB NOTIFY limit is refused by the publisher', async () => {
    const a = await open();
    await expect(a.publish(event('big', { text: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT) }))).rejects.toThrow(/8 kB/);
  });

  it('the listening connection comes back after the server drops it', async () => {
    const a = await open();
    const b = await open();
    const atB = collect(b);
    const { Client } = (await import('pg')).default;
    const admin = new Client({ connectionString: DATABASE_URL });
    await admin.connect();
    // Terminates every listening connection of this channel: both buses lose theirs.
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
      [`LISTEN "${channel}"`],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    const end = Date.now() + 5_000;
    // Publishes until the reconnected listener hears one (events during the outage are lost).
    while (atB.seen.length === 0 && Date.now() < end) {
      await a.publish(event('after_restart'));
      await settle(200);
    }
    expect(atB.seen[0]?.event).toBe('after_restart');
  });

  it('a committed transaction on PostgreSQL publishes through NOTIFY to another bus', async () => {
    const database = await openDatabase({ databaseUrl: DATABASE_URL });
    try {
      const a = await open();
      const b = await open();
      bindEventBus(database.db, a);
      const atB = collect(b);
      await expect(
        database.db.transaction().execute(async (trx) => {
          publishAfterCommit(trx, event('rolled_back'));
          throw new Error('no');
        }),
      ).rejects.toThrow();
      await database.db.transaction().execute(async (trx) => publishAfterCommit(trx, event('committed')));
      const seen = await atB.until(1);
      await settle();
      expect(seen.map((e) => e.event)).toEqual(['committed']);
    } finally {
      await database.close();
    }
  });
});

describe('Redis pub/sub', () => {
  const channel = `paddock:live:test:${randomUUID().slice(0, 8)}`;
  const buses: RedisEventBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('two bus instances on one Redis both receive an event either publishes', async () => {
    const a = new RedisEventBus(REDIS_URL, channel);
    const b = new RedisEventBus(REDIS_URL, channel);
    buses.push(a, b);
    await Promise.all([a.start(), b.start()]);
    const atA = collect(a);
    const atB = collect(b);
    const sent = event('points_awarded', { amount: 50 });
    await b.publish(sent);
    expect(await atA.until(1)).toEqual([sent]);
    expect(await atB.until(1)).toEqual([sent]);
  });
});
