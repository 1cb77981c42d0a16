import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { postPoints } from '../modules/ledger/ledger-service.ts';
import { createOffer } from '../test/offer-fixtures.ts';
import { fund } from '../test/points.ts';
import { collectBroadcasts, pause, realtimeClient, subscribe } from '../test/realtime-fixtures.ts';
import { apiCall, createFan, orgWithOperator, type TestFan, useTestApp } from '../test/test-app.ts';

/**
 * `offer_unlocked` and `boost_changed` (decision 024) as a fan's app receives them: the official
 * realtime client on a loopback port, the writes through the real API and ledger. The test clock
 * is real time because token expiry and awards without a time are judged against it.
 */
const t = useTestApp();
let base = '';
const clients: Awaited<ReturnType<typeof realtimeClient>>[] = [];

beforeAll(async () => {
  t.clock.set(new Date());
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.disconnect()));
});

/** Joins the fan's private channel and collects one event there. */
async function fanChannel(fan: TestFan, event: string) {
  const client = await realtimeClient(base, fan.org, fan.accessToken);
  clients.push(client);
  const channel = client.channel(`fan:${fan.user.id}`, { config: { private: true } });
  const got = collectBroadcasts(channel, event);
  expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
  return got;
}

async function liveChannel(org: Organization, event: string) {
  const client = await realtimeClient(base, org);
  clients.push(client);
  const channel = client.channel('live');
  const got = collectBroadcasts(channel, event);
  expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
  return got;
}

const offersOf = async (fan: TestFan) =>
  ((await apiCall(t, fan, 'GET', '/api/offers')).json() as { offerId: string; locked: boolean }[]).map(
    (o) => [o.offerId, o.locked],
  );

describe('offer_unlocked', () => {
  it('is sent when an award lifts the fan to the rank an offer needs, and the offer then reads unlocked', async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    const karting = await createOffer(t, operator, { minRankCode: 'P9', title: 'Karting Kid wallpaper' });
    const junior = await createOffer(t, operator, { minRankCode: 'P8', title: 'Junior Formula pass' });
    const adultsOnly = await createOffer(t, operator, { minRankCode: 'P9', minAge: 99 });
    const ended = await createOffer(t, operator, {
      minRankCode: 'P9',
      startsAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const everyone = await createOffer(t, operator, {});
    const unlocked = await fanChannel(fan, 'offer_unlocked');

    await fund(t, fan, 90); // Rookie still: nothing unlocks
    expect(await offersOf(fan)).toContainEqual([karting.offerId, true]);
    await fund(t, fan, 20); // 110 points: Karting Kid (100), not Junior Formula (300)
    expect(await unlocked.until(1)).toEqual([{ offerId: karting.offerId }]);
    await pause(300);
    expect(unlocked.payloads).toHaveLength(1);
    const offers = await offersOf(fan);
    expect(offers).toContainEqual([karting.offerId, false]);
    expect(offers).toContainEqual([junior.offerId, true]);
    expect(offers.map(([id]) => id)).not.toContain(adultsOnly.offerId);
    expect(offers.map(([id]) => id)).not.toContain(ended.offerId);
    expect(offers).toContainEqual([everyone.offerId, false]);
  });

  it('is never sent for an award that rolled back', async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    await createOffer(t, operator, { minRankCode: 'P9' });
    const unlocked = await fanChannel(fan, 'offer_unlocked');
    const failed = t.db.transaction().execute(async (trx) => {
      await postPoints(trx, {
        organizationId: org.id,
        userId: fan.user.id,
        amount: 150,
        kind: 'test',
        description: 'rolled back',
      });
      throw new Error('the rest of the write failed');
    });
    await expect(failed).rejects.toThrow('the rest of the write failed');
    await pause(500);
    expect(unlocked.payloads).toEqual([]);
    expect(await offersOf(fan)).toEqual([[expect.any(String), true]]);
  });
});

describe('boost_changed', () => {
  const window = (fromHours: number, toHours: number) => ({
    startsAt: new Date(Date.now() + fromHours * 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + toHours * 3_600_000).toISOString(),
  });

  /** An operator's ×2 boost for one fan, active for the next two hours. */
  async function personalBoost(operator: TestFan, fan: TestFan) {
    const created = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
      name: 'Paddock pass boost',
      multiplier: 2,
      earning: 'all',
      userId: fan.user.id,
      ...window(-1, 2),
    });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { boostId: string }).boostId;
  }

  it('a personal boost reaches its fan only; moved to another fan, the first hears it ended', async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    const otherFan = await createFan(t, org);
    const mine = await fanChannel(fan, 'boost_changed');
    const theirs = await fanChannel(otherFan, 'boost_changed');
    const boostId = await personalBoost(operator, fan);
    expect(await mine.until(1)).toEqual([{ boostId, scope: 'personal', status: 'active' }]);
    expect((await apiCall(t, fan, 'GET', '/api/boosts')).json()).toEqual([
      expect.objectContaining({ boostId, status: 'active' }),
    ]);

    const moved = await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, {
      userId: otherFan.user.id,
      ...window(1, 3),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await mine.until(2)).toEqual([
      { boostId, scope: 'personal', status: 'active' },
      { boostId, scope: 'personal', status: 'ended' },
    ]);
    expect(await theirs.until(1)).toEqual([{ boostId, scope: 'personal', status: 'upcoming' }]);
    expect((await apiCall(t, fan, 'GET', '/api/boosts')).json()).toEqual([]);
  });

  it("an organization boost goes to the live channel once, and its deletion says it ended; another team's is not heard", async () => {
    const { org, operator } = await orgWithOperator(t);
    const { operator: otherOperator } = await orgWithOperator(t);
    const live = await liveChannel(org, 'boost_changed');
    const otherBoost = await apiCall(t, otherOperator, 'POST', '/api/admin/boosts', {
      name: 'elsewhere',
      multiplier: 3,
      earning: 'all',
      ...window(-1, 2),
    });
    expect(otherBoost.statusCode).toBe(201);
    const created = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
      name: 'race-weekend boost',
      multiplier: 2,
      earning: 'challenges',
      ...window(-1, 2),
    });
    const { boostId } = created.json() as { boostId: string };
    expect(await live.until(1)).toEqual([{ boostId, scope: 'organization', status: 'active' }]);
    expect((await apiCall(t, operator, 'DELETE', `/api/admin/boosts/${boostId}`)).statusCode).toBe(204);
    expect(await live.until(2)).toEqual([
      { boostId, scope: 'organization', status: 'active' },
      { boostId, scope: 'organization', status: 'ended' },
    ]);
  });

  it('a refused edit announces nothing', async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    // Joined before the boost exists, and its creation heard first: on PostgreSQL the creation's
    // notice travels through the database and could otherwise land after the join, inside the
    // window this test watches.
    const mine = await fanChannel(fan, 'boost_changed');
    const boostId = await personalBoost(operator, fan);
    const created = [{ boostId, scope: 'personal', status: 'active' }];
    expect(await mine.until(1)).toEqual(created);
    // endsAt before startsAt: refused inside the transaction, after the row was read.
    const refused = await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, window(3, 2));
    expect(refused.statusCode).toBe(422);
    await pause(500);
    expect(mine.payloads).toEqual(created);
  });
});
