import type { Organization } from '../../db/schema.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createFan,
  createOrg,
  ledgerMismatches,
  onRealPostgres,
  type TestFan,
  useTestApp,
} from '../../test/test-app.ts';
import { fund } from '../../test/points.ts';
import { parseCodesCsv } from './offer-admin-service.ts';

const t = useTestApp();

const hour = 3600_000;
const window = () => ({
  startsAt: new Date(t.clock.now().getTime() - hour).toISOString(),
  endsAt: new Date(t.clock.now().getTime() + 48 * hour).toISOString(),
});

async function setup() {
  const org = await createOrg(t);
  const operator = await createFan(t, org, { roles: ['operator'] });
  return { org, operator };
}

async function createOffer(operator: TestFan, body: Record<string, unknown>) {
  const res = await apiCall(t, operator, 'POST', '/api/admin/offers', {
    title: 'Shop discount',
    text: '15% off in the team shop',
    cost: 50,
    redemption: 'codes',
    ...window(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { offerId: string };
}

async function importCodes(operator: TestFan, offerId: string, codes: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/offers/${offerId}/codes`,
    headers: {
      'x-organization-token': operator.org.publishableKey,
      authorization: `Bearer ${operator.accessToken}`,
      'content-type': 'text/csv',
    },
    payload: `code\n${codes.join('\n')}\n`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const claim = (fan: TestFan, offerId: string) => apiCall(t, fan, 'POST', `/api/offers/${offerId}/claim`);

describe('claiming an offer', () => {
  it('spends the cost, hands out one code and shows it as claimed with the lowered balance', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { stock: 5 });
    await importCodes(operator, offerId, ['PADDOCK-A', 'PADDOCK-B']);
    const fan = await createFan(t, org);
    await fund(t, fan, 120);

    const before = (await apiCall(t, fan, 'GET', '/api/offers')).json();
    expect(before).toEqual([
      expect.objectContaining({ offerId, offerClaimed: false, code: null, locked: false, remaining: 2 }),
    ]);

    const res = await claim(fan, offerId);
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
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Show this screen at gate 3 for early entry',
    });
    const fan = await createFan(t, org);
    const list = (await apiCall(t, fan, 'GET', '/api/offers')).json();
    expect(list[0]).toMatchObject({ instruction: null, remaining: null });
    const res = await claim(fan, offerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: null, pointsSpent: 0, points: 0 });
    expect(res.json().offer.instruction).toBe('Show this screen at gate 3 for early entry');
    const rows = await t.db
      .selectFrom('pointTransactions')
      .select('id')
      .where('userId', '=', fan.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses with 422 insufficient_points and hands out no code', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { cost: 50 });
    await importCodes(operator, offerId, ['ONLY-ONE']);
    const fan = await createFan(t, org);
    await fund(t, fan, 49);
    const res = await claim(fan, offerId);
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
    const { org, operator } = await setup();
    const { offerId: pool } = await createOffer(operator, { cost: 0 });
    await importCodes(operator, pool, ['X1']);
    const { offerId: capped } = await createOffer(operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Collect at the store',
      stock: 1,
    });
    const first = await createFan(t, org);
    const second = await createFan(t, org);
    expect((await claim(first, pool)).statusCode).toBe(200);
    expect((await claim(first, capped)).statusCode).toBe(200);
    for (const id of [pool, capped]) {
      const res = await claim(second, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('out_of_stock');
    }
    const list = (await apiCall(t, second, 'GET', '/api/offers')).json();
    expect(list.map((o: { remaining: number }) => o.remaining)).toEqual([0, 0]);
  });

  it('refuses a second claim with 422 already_claimed and charges once', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { cost: 10 });
    await importCodes(operator, offerId, ['A', 'B']);
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    expect((await claim(fan, offerId)).statusCode).toBe(200);
    const again = await claim(fan, offerId);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_claimed');
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().points).toBe(90);
  });

  it('refuses with 422 not_eligible outside the window, under the minimum age and below the rank', async () => {
    const { org, operator } = await setup();
    const { offerId: later } = await createOffer(operator, {
      cost: 0,
      startsAt: new Date(t.clock.now().getTime() + hour).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 2 * hour).toISOString(),
    });
    const { offerId: adults } = await createOffer(operator, { cost: 0, minAge: 18 });
    const { offerId: ranked } = await createOffer(operator, { cost: 0, minRankCode: 'P8' });
    const teen = await createFan(t, org, { birthday: '2012-05-05' });
    const adult = await createFan(t, org);

    const early = await claim(adult, later);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'not_eligible', reason: 'window' });

    const young = await claim(teen, adults);
    expect(young.statusCode).toBe(422);
    expect(young.json()).toMatchObject({ code: 'not_eligible', reason: 'age' });

    const low = await claim(adult, ranked);
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      code: 'not_eligible',
      reason: 'rank',
      requiredRank: { code: 'P8', name: 'Junior Formula' },
    });

    // Reaching the rank (lifetime points) unlocks it.
    await fund(t, adult, 300);
    await importCodes(operator, ranked, ['RANK-CODE']);
    expect((await claim(adult, ranked)).statusCode).toBe(200);
  });

  it('lists a locked offer with the rank needed, hides age-gated offers from under-18 fans', async () => {
    const { org, operator } = await setup();
    const { offerId: ranked } = await createOffer(operator, { title: 'Pit walk', minRankCode: 'P4' });
    const { offerId: adults } = await createOffer(operator, { title: 'Paddock club drink', minAge: 18 });
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
    const { org, operator } = await setup();
    const fan = await createFan(t, org);
    expect((await apiCall(t, fan, 'GET', '/api/offers/current')).json()).toEqual({ offer: null });
    const older = await createOffer(operator, {
      title: 'Older',
      redemption: 'instruction',
      instruction: 'x',
      startsAt: new Date(t.clock.now().getTime() - 5 * hour).toISOString(),
    });
    await createOffer(operator, { title: 'Newer but locked', minRankCode: 'P1' });
    const current = (await apiCall(t, fan, 'GET', '/api/offers/current')).json();
    expect(current.offer).toMatchObject({ offerId: older.offerId, title: 'Older' });
  });

  it('an anonymous caller gets 401; an offer of another organization is 404', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { cost: 0 });
    expect((await apiCall(t, { org }, 'GET', '/api/offers')).statusCode).toBe(401);
    expect((await apiCall(t, { org }, 'POST', `/api/offers/${offerId}/claim`)).statusCode).toBe(401);
    const other = await createOrg(t);
    const outsider = await createFan(t, other);
    const res = await claim(outsider, offerId);
    expect(res.statusCode).toBe(404);
    expect((await apiCall(t, outsider, 'GET', '/api/offers')).json()).toEqual([]);
  });
});

describe('operator offers', () => {
  it('imports codes from CSV (header optional), reports and skips duplicates, and audits it', async () => {
    const { operator } = await setup();
    const { offerId } = await createOffer(operator, {});
    const first = await importCodes(operator, offerId, ['C1', 'C2', 'C2']);
    expect(first).toMatchObject({ imported: 2, duplicates: ['C2'], codesTotal: 2, codesAvailable: 2 });
    const json = await apiCall(t, operator, 'POST', `/api/admin/offers/${offerId}/codes`, {
      csv: 'C2\r\n"C3"\n\n',
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ imported: 1, duplicates: ['C2'], codesTotal: 3 });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', offerId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.import_codes', 'offer.import_codes']);
  });

  it('parses the first column, strips quotes and skips a header row', () => {
    expect(parseCodesCsv('Code,Note\n"AB-1",first\nAB-2;x\n\n  AB-3  \n')).toEqual(['AB-1', 'AB-2', 'AB-3']);
    expect(parseCodesCsv('AB-1\nAB-2')).toEqual(['AB-1', 'AB-2']);
  });

  it('refuses codes for an instruction offer, and a stock below the claims already made', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Go',
    });
    const res = await apiCall(t, operator, 'POST', `/api/admin/offers/${offerId}/codes`, { csv: 'A' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_a_code_offer');
    const fan = await createFan(t, org);
    expect((await claim(fan, offerId)).statusCode).toBe(200);
    const patch = await apiCall(t, operator, 'PATCH', `/api/admin/offers/${offerId}`, { stock: 0 });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().code).toBe('stock_below_claims');
  });

  it('an edit keeps the fan’s claimed state (SPEC §4); archiving hides the offer from all but its claimants', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { cost: 0 });
    await importCodes(operator, offerId, ['KEEP-1']);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    await claim(fan, offerId);
    const patch = await apiCall(t, operator, 'PATCH', `/api/admin/offers/${offerId}`, {
      title: 'Renamed',
      archived: true,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ title: 'Renamed', archived: true, claimedCount: 1 });
    expect((await apiCall(t, other, 'GET', '/api/offers')).json()).toEqual([]);
    expect((await apiCall(t, fan, 'GET', '/api/offers')).json()).toEqual([
      expect.objectContaining({ offerId, offerClaimed: true, code: 'KEEP-1' }),
    ]);
    const unarchive = await apiCall(t, operator, 'PATCH', `/api/admin/offers/${offerId}`, {
      archived: false,
    });
    expect(unarchive.statusCode).toBe(200);
    expect((await apiCall(t, fan, 'GET', '/api/offers')).json()[0]).toMatchObject({
      title: 'Renamed',
      offerClaimed: true,
      code: 'KEEP-1',
    });
  });

  it('exports the claims report as CSV', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, { cost: 5 });
    await importCodes(operator, offerId, ['=CMD()', 'Z2']);
    const fan = await createFan(t, org, { email: 'csv-fan@example.com', firstName: 'Ada', lastName: 'Lane' });
    await fund(t, fan, 5);
    await claim(fan, offerId);
    const res = await apiCall(t, operator, 'GET', `/api/admin/offers/${offerId}/claims.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('claimed_at,user_id,email,first_name,last_name,code,points_spent');
    // A code that looks like a formula is neutralised for spreadsheets.
    expect(lines[1]).toBe(
      `${t.clock.now().toISOString()},${fan.user.id},csv-fan@example.com,Ada,Lane,'=CMD(),5`,
    );
  });

  it('validates the offer: window order and instruction text (400), unknown fields refused', async () => {
    const { operator } = await setup();
    const bad = await apiCall(t, operator, 'POST', '/api/admin/offers', {
      title: 'X',
      redemption: 'instruction',
      startsAt: '2026-06-02T00:00:00Z',
      endsAt: '2026-06-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await apiCall(t, operator, 'POST', '/api/admin/offers', {
      title: 'X',
      redemption: 'codes',
      ...window(),
      price: 3,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('fan → 403, anonymous → 401, another organization’s offer → 404', async () => {
    const { org, operator } = await setup();
    const { offerId } = await createOffer(operator, {});
    const fan = await createFan(t, org);
    for (const [method, url] of [
      ['GET', '/api/admin/offers'],
      ['POST', '/api/admin/offers'],
      ['PATCH', `/api/admin/offers/${offerId}`],
      ['POST', `/api/admin/offers/${offerId}/codes`],
      ['GET', `/api/admin/offers/${offerId}/claims.csv`],
    ] as const) {
      expect((await apiCall(t, fan, method, url, method === 'GET' ? undefined : {})).statusCode).toBe(403);
      expect((await apiCall(t, { org }, method, url, method === 'GET' ? undefined : {})).statusCode).toBe(
        401,
      );
    }
    const other = await setup();
    for (const [method, url, body] of [
      ['GET', `/api/admin/offers/${offerId}`, undefined],
      ['PATCH', `/api/admin/offers/${offerId}`, { title: 'Mine now' }],
      ['POST', `/api/admin/offers/${offerId}/codes`, { csv: 'STEAL' }],
      ['GET', `/api/admin/offers/${offerId}/claims.csv`, undefined],
    ] as const) {
      const res = await apiCall(t, other.operator, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await apiCall(t, other.operator, 'GET', '/api/admin/offers')).json()).toEqual([]);
  });
});

describe('API documentation', () => {
  it('documents every rewards route in /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/offers',
        '/api/offers/current',
        '/api/offers/{id}/claim',
        '/api/boosts',
        '/api/user/me/badges',
        '/api/admin/offers',
        '/api/admin/offers/{id}/codes',
        '/api/admin/offers/{id}/claims.csv',
        '/api/admin/boosts/{id}',
        '/api/admin/badges',
        '/api/admin/badges/milestones',
      ]),
    );
  });
});

if (!onRealPostgres) {
  console.info(
    'offer.test.ts: concurrent claim tests skipped (they need TEST_DATABASE_URL, a real PostgreSQL)',
  );
}

describe.runIf(onRealPostgres)('concurrent claims on real PostgreSQL', () => {
  let org: Organization;
  let operator: TestFan;
  beforeAll(async () => {
    ({ org, operator } = await setup());
  });

  it('100 fans racing for a stock of 10: exactly 10 succeed with 10 distinct codes, ledger consistent', async () => {
    const { offerId } = await createOffer(operator, { cost: 30, stock: 10 });
    await importCodes(
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
    const results = await Promise.all(fans.map((fan) => claim(fan, offerId)));
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
    const { offerId } = await createOffer(operator, { cost: 25 });
    await importCodes(operator, offerId, ['TWIN-1', 'TWIN-2', 'TWIN-3']);
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    const results = await Promise.all(Array.from({ length: 5 }, () => claim(fan, offerId)));
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
