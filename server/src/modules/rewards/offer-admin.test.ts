import { describe, expect, it } from 'vitest';
import { apiCall, createFan, orgWithOperator, useTestApp } from '../../test/test-app.ts';
import { auditActions, expectOperatorOnly } from '../../test/admin-fixtures.ts';
import { fund } from '../../test/points.ts';
import { claimOffer, createOffer, importCodes, liveWindow } from '../../test/offer-fixtures.ts';
import { parseCodesCsv } from './offer-admin-service.ts';

const t = useTestApp();

describe('operator offers', () => {
  it('imports codes from CSV (header optional), reports and skips duplicates, and audits it', async () => {
    const { operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, {});
    const first = await importCodes(t, operator, offerId, ['C1', 'C2', 'C2']);
    expect(first).toMatchObject({ imported: 2, duplicates: ['C2'], codesTotal: 2, codesAvailable: 2 });
    const json = await apiCall(t, operator, 'POST', `/api/admin/offers/${offerId}/codes`, {
      csv: 'C2\r\n"C3"\n\n',
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ imported: 1, duplicates: ['C2'], codesTotal: 3 });
    expect(await auditActions(t, operator.org.id, { targetId: offerId })).toEqual([
      'offer.create',
      'offer.import_codes',
      'offer.import_codes',
    ]);
  });

  it('parses the first column, strips quotes and skips a header row', () => {
    expect(parseCodesCsv('Code,Note\n"AB-1",first\nAB-2;x\n\n  AB-3  \n')).toEqual(['AB-1', 'AB-2', 'AB-3']);
    expect(parseCodesCsv('AB-1\nAB-2')).toEqual(['AB-1', 'AB-2']);
  });

  it('refuses codes for an instruction offer, and a stock below the claims already made', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, {
      cost: 0,
      redemption: 'instruction',
      instruction: 'Go',
    });
    const res = await apiCall(t, operator, 'POST', `/api/admin/offers/${offerId}/codes`, { csv: 'A' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_a_code_offer');
    const fan = await createFan(t, org);
    expect((await claimOffer(t, fan, offerId)).statusCode).toBe(200);
    const patch = await apiCall(t, operator, 'PATCH', `/api/admin/offers/${offerId}`, { stock: 0 });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().code).toBe('stock_below_claims');
  });

  it('an edit keeps the fan’s claimed state (product §4); archiving hides the offer from all but its claimants', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, { cost: 0 });
    await importCodes(t, operator, offerId, ['KEEP-1']);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    await claimOffer(t, fan, offerId);
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
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, { cost: 5 });
    await importCodes(t, operator, offerId, ['=CMD()', 'Z2']);
    const fan = await createFan(t, org, { email: 'csv-fan@example.com', firstName: 'Ada', lastName: 'Lane' });
    await fund(t, fan, 5);
    await claimOffer(t, fan, offerId);
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
    const { operator } = await orgWithOperator(t);
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
      ...liveWindow(t),
      price: 3,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('fan → 403, anonymous → 401, another organization’s offer → 404', async () => {
    const { org, operator } = await orgWithOperator(t);
    const { offerId } = await createOffer(t, operator, {});
    const fan = await createFan(t, org);
    await expectOperatorOnly(t, fan, [
      ['GET', '/api/admin/offers'],
      ['POST', '/api/admin/offers'],
      ['PATCH', `/api/admin/offers/${offerId}`],
      ['POST', `/api/admin/offers/${offerId}/codes`],
      ['GET', `/api/admin/offers/${offerId}/claims.csv`],
    ]);
    const other = await orgWithOperator(t);
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
