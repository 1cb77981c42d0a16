import type { Organization } from '../../db/schema.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createFan,
  createOrg,
  type TestFan,
  orgWithOperator,
  useTestApp,
} from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { fund, ledgerLines, ledgerMismatches } from '../../test/points.ts';
import { claimOffer, codeOfferAndFan, createOffer, importCodes } from '../../test/offer-fixtures.ts';

const t = useTestApp();
const hour = 3600_000;

describe('claiming an offer', () => {
  it('spends the cost, hands out one code and shows it as claimed with the lowered balance', async () => {
    const { org, offerId, fan } = await codeOfferAndFan(t, {
      offer: { stock: 5 },
      codes: ['PADDOCK-A', 'PADDOCK-B'],
      points: 120,
    });

    const before = (await apiCall(t, fan, 'GET', '/api/offers')).json();
    expect(before).toEqual([
      expect.objectContaining({ offerId, offerClaimed: false, code: null, locked: false, remaining: 2 }),
    ]);

    const res = await claimOffer(t, fan, offerId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'PADDOCK-A', pointsSpent: 50, points: 70 });
    expect(body.offer).toMatchObject({ offerClaimed: true, code: 'PADDOCK-A', remaining: 1 });

    const list = (await apiCall(t, fan, 'GET', '/api/offers')).json();
    expect(list[0]).toMatchObject({ offerClaimed: true, code: 'PADDOCK-A' });
    const me = (await apiCall(t, fan, 'GET', '/api/user/me')).json();
    expect(me.points).toBe(70);
    const ledger = await t.db
      .selectFrom('pointTransactions')
      .select(['amount', 'kind', 'description'])
      .where('userId', '=', fan.user.id)
      .where('kind', '=', 'offer_claim')
      .execute();
    expect(ledger).toEqual([
      { amount: -50, kind: 'offer_claim', description: 'Offer claimed: Shop discount' },
    ]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('a free instruction offer reveals its instruction only once claimed and posts no ledger line', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Show this screen at gate 3 for early entry',
    });
    const fan = await createFan(t, org);
    const list = (await apiCall(t, fan, 'GET', '/api/offers')).json();
    expect(list[0]).toMatchObject({ instruction: null, remaining: null });
    const res = await claimOffer(t, fan, offerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: null, pointsSpent: 0, points: 0 });
    expect(res.json().offer.instruction).toBe('Show this screen at gate 3 for early entry');
    expect(await ledgerLines(t, fan)).toEqual([]);
  });

  it('refuses with 422 insufficient_points and hands out no code', async () => {
    const { offerId, fan } = await codeOfferAndFan(t, {
      offer: { cost: 50 },
      codes: ['ONLY-ONE'],
      points: 49,
    });
    const res = await claimOffer(t, fan, offerId);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_points');
    const code = await t.db
      .selectFrom('offerCodes')
      .select('claimedAt')
      .where('offerId', '=', offerId)
      .execute();
    expect(code).toEqual([{ claimedAt: null }]);
    expect((await apiCall(t, fan, 'GET', '/api/offers')).json()[0].offerClaimed).toBe(false);
  });

  it('refuses with 422 out_of_stock when the code pool is empty and when the stock is used up', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId: pool } = await createOffer(t, operator, { cost: 0 });
    await importCodes(t, operator, pool, ['X1']);
    const { offerId: capped } = await createOffer(t, operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Collect at the store',
      stock: 1,
    });
    const first = await createFan(t, org);
    const second = await createFan(t, org);
    expect((await claimOffer(t, first, pool)).statusCode).toBe(200);
    expect((await claimOffer(t, first, capped)).statusCode).toBe(200);
    for (const id of [pool, capped]) {
      const res = await claimOffer(t, second, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('out_of_stock');
    }
    const list = (await apiCall(t, second, 'GET', '/api/offers')).json();
    expect(list.map((o: { remaining: number }) => o.remaining)).toEqual([0, 0]);
  });

  it('refuses a second claim with 422 already_claimed and charges once', async () => {
    const { offerId, fan } = await codeOfferAndFan(t, {
      offer: { cost: 10 },
      codes: ['A', 'B'],
      points: 100,
    });
    expect((await claimOffer(t, fan, offerId)).statusCode).toBe(200);
    const again = await claimOffer(t, fan, offerId);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_claimed');
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().points).toBe(90);
  });

  it('refuses with 422 not_eligible outside the window, under the minimum age and below the rank', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId: later } = await createOffer(t, operator, {
      cost: 0,
      startsAt: new Date(t.clock.now().getTime() + hour).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 2 * hour).toISOString(),
    });
    const { offerId: adults } = await createOffer(t, operator, { cost: 0, minAge: 18 });
    const { offerId: ranked } = await createOffer(t, operator, { cost: 0, minRankCode: 'P8' });
    const teen = await createFan(t, org, { birthday: '2012-05-05' });
    const adult = await createFan(t, org);

    const early = await claimOffer(t, adult, later);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'not_eligible', reason: 'window' });

    const young = await claimOffer(t, teen, adults);
    expect(young.statusCode).toBe(422);
    expect(young.json()).toMatchObject({ code: 'not_eligible', reason: 'age' });

    const low = await claimOffer(t, adult, ranked);
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      code: 'not_eligible',
      reason: 'rank',
      requiredRank: { code: 'P8', name: 'Junior Formula' },
    });

    // Reaching the rank (lifetime points) unlocks it.
    await fund(t, adult, 300);
    await importCodes(t, operator, ranked, ['RANK-CODE']);
    expect((await claimOffer(t, adult, ranked)).statusCode).toBe(200);
  });

  it('lists a locked offer with the rank needed, hides age-gated offers from under-18 fans', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId: ranked } = await createOffer(t, operator, { title: 'Pit walk', minRankCode: 'P4' });
    const { offerId: adults } = await createOffer(t, operator, { title: 'Paddock club drink', minAge: 18 });
    const teen = await createFan(t, org, { birthday: '2012-05-05' });
    const adult = await createFan(t, org);
    const forAdult = (await apiCall(t, adult, 'GET', '/api/offers')).json() as { offerId: string }[];
    expect(forAdult.find((o) => o.offerId === ranked)).toMatchObject({
      locked: true,
      requiredRank: { code: 'P4', name: 'Podium Finisher' },
    });
    expect(forAdult.find((o) => o.offerId === adults)).toMatchObject({ locked: false, minAge: 18 });
    const forTeen = (await apiCall(t, teen, 'GET', '/api/offers')).json() as { offerId: string }[];
    expect(forTeen.map((o) => o.offerId)).toEqual([ranked]);
  });

  it('GET /offers/current picks the newest live offer the fan can claim', async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    expect((await apiCall(t, fan, 'GET', '/api/offers/current')).json()).toEqual({ offer: null });
    const older = await createOffer(t, operator, {
      title: 'Older',
      redemption: 'instruction',
      instruction: 'x',
      startsAt: new Date(t.clock.now().getTime() - 5 * hour).toISOString(),
    });
    await createOffer(t, operator, { title: 'Newer but locked', minRankCode: 'P1' });
    const current = (await apiCall(t, fan, 'GET', '/api/offers/current')).json();
    expect(current.offer).toMatchObject({ offerId: older.offerId, title: 'Older' });
  });

  it('an anonymous caller gets 401; an offer of another organization is 404', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, { cost: 0 });
    expect((await apiCall(t, { org }, 'GET', '/api/offers')).statusCode).toBe(401);
    expect((await apiCall(t, { org }, 'POST', `/api/offers/${offerId}/claim`)).statusCode).toBe(401);
    const other = await createOrg(t);
    const outsider = await createFan(t, other);
    const res = await claimOffer(t, outsider, offerId);
    expect(res.statusCode).toBe(404);
    expect((await apiCall(t, outsider, 'GET', '/api/offers')).json()).toEqual([]);
  });
});

describeOnPostgres('concurrent claims on real PostgreSQL', () => {
  let org: Organization;
  let operator: TestFan;
  beforeAll(async () => {
    ({ org, operator } = await orgWithOperator(t));
  });

  it('100 fans racing for a stock of 10: exactly 10 succeed with 10 distinct codes, ledger consistent', async () => {
    const { offerId } = await createOffer(t, operator, { cost: 30, stock: 10 });
    await importCodes(
      t,
      operator,
      offerId,
      Array.from({ length: 15 }, (_, i) => `RACE-${i + 1}`),
    );
    const fans: TestFan[] = [];
    for (let i = 0; i < 100; i++) {
      const fan = await createFan(t, org);
      await fund(t, fan, 40);
      fans.push(fan);
    }
    const results = await Promise.all(fans.map((fan) => claimOffer(t, fan, offerId)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['out_of_stock']));
    const codes = ok.map((r) => r.json().code as string);
    expect(new Set(codes).size).toBe(10);

    const claims = await t.db
      .selectFrom('offerClaims')
      .select(['userId', 'codeId'])
      .where('offerId', '=', offerId)
      .execute();
    expect(claims).toHaveLength(10);
    const handedOut = await t.db
      .selectFrom('offerCodes')
      .select('code')
      .where('offerId', '=', offerId)
      .where('claimedAt', 'is not', null)
      .execute();
    expect(handedOut.map((c) => c.code).sort()).toEqual([...codes].sort());
    const offer = await t.db
      .selectFrom('offers')
      .select('claimedCount')
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow();
    expect(offer.claimedCount).toBe(10);
    const paid = await t.db
      .selectFrom('users')
      .select('points')
      .where(
        'id',
        'in',
        fans.map((f) => f.user.id),
      )
      .execute();
    expect(paid.filter((p) => p.points === 10)).toHaveLength(10);
    expect(paid.filter((p) => p.points === 40)).toHaveLength(90);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('one fan claiming twice at once gets one code and pays once', async () => {
    const { offerId } = await createOffer(t, operator, { cost: 25 });
    await importCodes(t, operator, offerId, ['TWIN-1', 'TWIN-2', 'TWIN-3']);
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    const results = await Promise.all(Array.from({ length: 5 }, () => claimOffer(t, fan, offerId)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422).map((r) => r.json().code)).toEqual(
      Array(4).fill('already_claimed'),
    );
    const codes = await t.db
      .selectFrom('offerCodes')
      .select('claimedBy')
      .where('offerId', '=', offerId)
      .execute();
    expect(codes.filter((c) => c.claimedBy === fan.user.id)).toHaveLength(1);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().points).toBe(75);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});
