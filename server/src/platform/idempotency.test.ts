import { describe, expect, it } from 'vitest';
import { createFan, createOrg, type TestFan, useTestApp } from '../test/test-app.ts';
import { ledgerLines } from '../test/points.ts';

const t = useTestApp();

function send(fan: TestFan, method: 'POST' | 'DELETE', url: string, key?: string, body?: object) {
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
});
