import { describe, expect, it, vi } from 'vitest';
import { createFan, createOrg, type TestFan, useTimedTestApp } from '../test/test-app.ts';
import { ledgerLines, signInAgain } from '../test/points.ts';
import { IdempotencyRecords, KEY_TTL_MS, SWEEP_ROWS } from './idempotency-records.ts';

const t = useTimedTestApp();

function send(fan: TestFan, method: 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, body?: object) {
  return t.app.inject({
    method,
    url,
    headers: {
      'x-organization-token': fan.org.publishableKey,
      authorization: `Bearer ${fan.accessToken}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

describe('Idempotency-Key on product writes', () => {
  it('answers a retried check-in from the first response: paid once, same body, marked as replayed', async () => {
    const fan = await createFan(t, await createOrg(t));
    const first = await send(fan, 'POST', '/api/checkin', 'checkin-retry-0001', {});
    const retry = await send(fan, 'POST', '/api/checkin', 'checkin-retry-0001', {});
    expect(first.statusCode).toBe(200);
    expect(first.json().pointsAwarded).toBe(10);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await ledgerLines(t, fan)).map((r) => r.amount)).toEqual([10]);
  });

  it('without a key a repeat runs again and the rule refuses it', async () => {
    const fan = await createFan(t, await createOrg(t));
    await send(fan, 'POST', '/api/checkin', undefined, {});
    const again = await send(fan, 'POST', '/api/checkin', undefined, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_checked_in');
  });

  it('refuses the same key on a different request with 422 idempotency_key_reused', async () => {
    const fan = await createFan(t, await createOrg(t));
    await send(fan, 'POST', '/api/checkin', 'shared-key-0002', {});
    const other = await send(fan, 'DELETE', '/api/carousel/watch-and-earn', 'shared-key-0002');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
  });

  it("keeps keys private to their caller: another fan's identical key runs their own request", async () => {
    const org = await createOrg(t);
    const a = await createFan(t, org);
    const b = await createFan(t, org);
    await send(a, 'POST', '/api/checkin', 'same-key-for-both', {});
    const forB = await send(b, 'POST', '/api/checkin', 'same-key-for-both', {});
    expect(forB.statusCode).toBe(200);
    expect(forB.headers['idempotent-replayed']).toBeUndefined();
    expect((await ledgerLines(t, b)).map((r) => r.amount)).toEqual([10]);
  });

  it('refuses a malformed key with 400', async () => {
    const fan = await createFan(t, await createOrg(t));
    const res = await send(fan, 'POST', '/api/checkin', 'short', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_idempotency_key');
    expect(await ledgerLines(t, fan)).toEqual([]);
  });

  it('runs a key once when its repeats arrive together: one answer, the others 409, paid once', async () => {
    const fan = await createFan(t, await createOrg(t));
    const all = await Promise.all(
      Array.from({ length: 5 }, () => send(fan, 'POST', '/api/checkin', 'burst-key-0006', {})),
    );
    const ran = all.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
    const waiting = all.filter((r) => r.statusCode === 409);
    expect(ran).toHaveLength(1);
    expect(waiting.map((r) => r.json().code)).toEqual(Array(4).fill('idempotency_in_progress'));
    expect((await ledgerLines(t, fan)).map((r) => r.amount)).toEqual([10]);
    const later = await send(fan, 'POST', '/api/checkin', 'burst-key-0006', {});
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toBe(ran[0]!.body);
  });

  it("stores each of many simultaneous writes' own answer, never another fan's", async () => {
    const org = await createOrg(t);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createFan(t, org)));
    const rename = (fan: TestFan, i: number) =>
      send(fan, 'PATCH', '/api/user/me', `many-keys-${i}-0007`, { firstName: `Racer${i}` });
    const firsts = await Promise.all(fans.map(rename));
    expect(firsts.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(firsts.map((r) => r.json().firstName)).toEqual(fans.map((_, i) => `Racer${i}`));
    const repeats = await Promise.all(fans.map(rename));
    expect(repeats.map((r) => r.json().userId)).toEqual(fans.map((f) => f.user.id));
    expect(repeats.map((r) => r.body)).toEqual(firsts.map((r) => r.body));
    expect(repeats.every((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
  });

  it('forgets a key after 24 hours: the same key then runs a new request', async () => {
    const fan = await createFan(t, await createOrg(t));
    await send(fan, 'POST', '/api/checkin', 'lapsing-key-0008', {});
    t.clock.advance(KEY_TTL_MS + 60_000);
    const next = await send(await signInAgain(t, fan), 'POST', '/api/checkin', 'lapsing-key-0008', {});
    expect(next.statusCode).toBe(200);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect((await ledgerLines(t, fan)).map((r) => r.amount)).toEqual([10, 15]);
  });

  it('sweeps lapsed keys, oldest first, and keeps the live ones', async () => {
    const org = await createOrg(t);
    const records = new IdempotencyRecords(t.db);
    const claim = (key: string) =>
      records.claim({
        organizationId: org.id,
        caller: 'anonymous',
        key,
        requestHash: 'h',
        at: t.clock.now(),
      });
    const old = await Promise.all(Array.from({ length: SWEEP_ROWS + 5 }, (_, i) => claim(`old-${i}`)));
    expect(old.every((id) => id !== null)).toBe(true);
    t.clock.advance(KEY_TTL_MS + 1);
    const fresh = await claim('fresh-key');
    const keys = () =>
      t.db
        .selectFrom('idempotencyKeys')
        .select('key')
        .where('organizationId', '=', org.id)
        .execute()
        .then((rows) => rows.map((r) => r.key));
    expect(await records.sweep(t.clock.now())).toBeGreaterThanOrEqual(SWEEP_ROWS + 5);
    expect(await keys()).toEqual(['fresh-key']);
    expect(fresh).not.toBeNull();
  });

  it('still gives the fan the answer of a write whose answer could not be stored; a repeat is 409, not run again', async () => {
    const fan = await createFan(t, await createOrg(t));
    const failing = vi
      .spyOn(IdempotencyRecords.prototype, 'complete')
      .mockRejectedValueOnce(new Error('connection terminated'));
    try {
      const first = await send(fan, 'POST', '/api/checkin', 'unstored-key-0009', {});
      expect(first.statusCode).toBe(200);
      expect(first.json().pointsAwarded).toBe(10);
    } finally {
      failing.mockRestore();
    }
    const repeat = await send(fan, 'POST', '/api/checkin', 'unstored-key-0009', {});
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().code).toBe('idempotency_in_progress');
    expect((await ledgerLines(t, fan)).map((r) => r.amount)).toEqual([10]);
  });
});
