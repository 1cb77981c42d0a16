import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type ConsentItem = { id: string; consentId: string; value: number; enabled: boolean; required: boolean };

async function consentsOf(fan: Parameters<typeof apiCall>[1]) {
  const res = await apiCall(t, fan, 'GET', '/api/consent/user');
  expect(res.statusCode).toBe(200);
  return res.json() as ConsentItem[];
}

describe('GET /api/consent/user', () => {
  it('lists every consent of the organization with value 0 and enabled false before any answer', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const consents = await consentsOf(fan);
    expect(consents.map((c) => c.consentId)).toEqual(['terms', 'marketing_email', 'partner_offers']);
    expect(consents[0]).toMatchObject({
      name: 'Terms and privacy policy',
      required: true,
      value: 0,
      enabled: false,
    });
    expect(consents.every((c) => c.value === 0 && !c.enabled)).toBe(true);
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await apiCall(t, { org }, 'GET', '/api/consent/user')).statusCode).toBe(401);
  });
});

describe('PATCH /api/consent/user/{id}', () => {
  it('stores the value, derives enabled and writes one history row per change', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    const marketing = (await consentsOf(fan)).find((c) => c.consentId === 'marketing_email')!;

    const given = await apiCall(t, fan, 'PATCH', `/api/consent/user/${marketing.id}`, {
      consentId: 'marketing_email',
      value: 1,
      data: { textVersion: '2026-05' },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      id: marketing.id,
      consentId: 'marketing_email',
      value: 1,
      enabled: true,
    });
    // Sending the same answer again is not a change.
    await apiCall(t, fan, 'PATCH', `/api/consent/user/${marketing.id}`, {
      consentId: 'marketing_email',
      value: 1,
      data: { textVersion: '2026-05' },
    });
    const withdrawn = await apiCall(t, fan, 'PATCH', `/api/consent/user/${marketing.id}`, { value: 0 });
    expect(withdrawn.json()).toMatchObject({ value: 0, enabled: false });

    const history = await t.db
      .selectFrom('consentHistory')
      .select(['previousValue', 'value', 'data'])
      .where('userId', '=', fan.user.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { previousValue: null, value: 1, data: { textVersion: '2026-05' } },
      { previousValue: 1, value: 0, data: { textVersion: '2026-05' } },
    ]);
    const stored = await t.db
      .selectFrom('userConsents')
      .select(['value'])
      .where('userId', '=', fan.user.id)
      .execute();
    expect(stored).toEqual([{ value: 0 }]);
    // Another fan's answers are their own.
    expect((await consentsOf(other)).every((c) => c.value === 0)).toBe(true);
  });

  it('answers 404 for a consent of another organization and changes nothing there', async () => {
    const mine = await createOrg(t);
    const theirs = await createOrg(t);
    const fan = await createFan(t, mine);
    const stranger = await createFan(t, theirs);
    const foreign = (await consentsOf(stranger))[0]!;
    const res = await apiCall(t, fan, 'PATCH', `/api/consent/user/${foreign.id}`, { value: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    const rows = await t.db
      .selectFrom('userConsents')
      .select('id')
      .where('userId', '=', fan.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses to withdraw a required consent silently (422 required_consent); an explicit withdrawal works', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const terms = (await consentsOf(fan)).find((c) => c.required);
    const url = `/api/consent/user/${terms!.id}`;
    expect((await apiCall(t, fan, 'PATCH', url, { value: 1 })).statusCode).toBe(200);
    const silent = await apiCall(t, fan, 'PATCH', url, { value: 0 });
    expect(silent.statusCode).toBe(422);
    expect(silent.json().code).toBe('required_consent');
    expect((await consentsOf(fan)).find((c) => c.id === terms!.id)?.enabled).toBe(true);
    const explicit = await apiCall(t, fan, 'PATCH', url, { value: 0, withdraw: true });
    expect(explicit.statusCode).toBe(200);
    expect((await consentsOf(fan)).find((c) => c.id === terms!.id)?.enabled).toBe(false);
  });

  it('refuses a consentId that names another consent with 422 consent_mismatch', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const [terms] = await consentsOf(fan);
    const res = await apiCall(t, fan, 'PATCH', `/api/consent/user/${terms!.id}`, {
      consentId: 'marketing_email',
      value: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('consent_mismatch');
  });

  it.each([
    ['not-a-uuid', { value: 1 }, 'id'],
    [null, { value: 'yes' }, 'value'],
    [null, { value: 1.5 }, 'value'],
    [null, {}, 'value'],
    [null, { value: 1, enabled: true }, 'enabled'],
  ])('refuses id %s with body %j as 400 naming %s', async (id, body, field) => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const [terms] = await consentsOf(fan);
    const res = await apiCall(t, fan, 'PATCH', `/api/consent/user/${id ?? terms!.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const [terms] = await consentsOf(fan);
    expect(
      (await apiCall(t, { org }, 'PATCH', `/api/consent/user/${terms!.id}`, { value: 1 })).statusCode,
    ).toBe(401);
  });
});
