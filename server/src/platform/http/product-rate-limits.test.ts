import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';
import { PostgresRateLimitStore } from '../rate-limit.ts';

// RATE_LIMIT_SCALE 0.05: one check-in try per fan and ten per address per minute.
const t = useTestApp({ RATE_LIMIT_SCALE: '0.05' });

describe('finding 8: rate limits beyond auth', () => {
  it('a fan over the check-in budget gets 429 rate_limited with Retry-After, until the minute passes', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await apiCall(t, fan, 'POST', '/api/checkin', {})).statusCode).toBe(200);
    const over = await apiCall(t, fan, 'POST', '/api/checkin', {});
    expect([over.statusCode, over.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    const later = await apiCall(t, fan, 'POST', '/api/checkin', {});
    expect([later.statusCode, later.json().code]).toEqual([422, 'already_checked_in']);
  });

  it('one address gets twenty fans’ budget, then 429 for the next fan too', async () => {
    t.clock.advance(61_000);
    const org = await createOrg(t);
    const fans = await Promise.all(Array.from({ length: 11 }, () => createFan(t, org)));
    const statuses = [];
    for (const fan of fans) statuses.push((await apiCall(t, fan, 'POST', '/api/checkin', {})).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('answers, entries, claims and uploads are limited per fan as well', async () => {
    t.clock.advance(61_000);
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/challenge/${id}`, `/api/sweepstake/${id}/entry`, `/api/offers/${id}/claim`]) {
      const first = await apiCall(t, fan, 'POST', url, {});
      expect(first.statusCode, url).not.toBe(429);
      const second = await apiCall(t, fan, 'POST', url, {});
      expect([url, second.statusCode]).toEqual([url, 429]);
    }
  });

  it('the PostgreSQL counter store counts within a window and starts again in the next', async () => {
    const store = new PostgresRateLimitStore(t.db);
    const key = `test:${Math.random()}`;
    expect(await store.hit(key, 1_000, 60_000)).toBe(1);
    expect(await store.hit(key, 1_000, 60_000)).toBe(2);
    expect(await new PostgresRateLimitStore(t.db).hit(key, 1_000, 60_000)).toBe(3);
    expect(await store.hit(key, 61_000, 60_000)).toBe(1);
  });

  it('counts hits that arrive together in one statement, each caller getting its own count', async () => {
    const store = new PostgresRateLimitStore(t.db);
    const [a, b] = [`test:${Math.random()}`, `test:${Math.random()}`];
    const hits = await Promise.all([
      store.hit(a, 1_000, 60_000),
      store.hit(b, 1_000, 60_000),
      store.hit(a, 1_000, 60_000),
      store.hit(a, 1_000, 60_000),
    ]);
    expect(hits).toEqual([1, 1, 2, 3]);
    // A second store (another process) shares the counters; the next window starts again.
    const other = new PostgresRateLimitStore(t.db);
    expect(await Promise.all([other.hit(a, 1_000, 60_000), store.hit(b, 1_000, 60_000)])).toEqual([4, 2]);
    expect(await Promise.all([store.hit(a, 61_000, 60_000), store.hit(a, 61_000, 60_000)])).toEqual([1, 2]);
  });

  it('keeps its counters out of the write-ahead log (UNLOGGED: a crash only restarts a window)', async () => {
    const { rows } = await sql<{ persistence: string }>`
      select relpersistence as persistence from pg_class where relname = 'rate_limit_counters'`.execute(t.db);
    expect(rows).toEqual([{ persistence: 'u' }]);
  });
});
