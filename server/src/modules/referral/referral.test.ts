import { REFERRAL_REWARDS } from '@paddock/contracts/api/referral';
import { describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import {
  apiCall,
  createFan,
  createOrg,
  createTestApp,
  type TestFan,
  useTestApp,
} from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { ledgerMismatches } from '../../test/points.ts';
import { acceptRequiredConsents, completeProfile, newFan } from '../../test/onboarding-fixtures.ts';

const t = useTestApp();

/** A fan invited by `referrer` who has accepted the required consents: only the profile is left to complete. */
async function referredFan(org: Organization, referrer: TestFan) {
  const fan = await newFan(t, org, referrer.user.id);
  await acceptRequiredConsents(t, fan);
  return fan;
}

describe('referral paid on profile completion (product §10.8)', () => {
  it('pays the referred fan and the referrer exactly once, however often the profile is saved', async () => {
    const org = await createOrg(t);
    const referrer = await createFan(t, org);
    const fan = await referredFan(org, referrer);
    const first = await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ isNewUser: false, points: REFERRAL_REWARDS.referred });
    // Saving again, clearing and re-entering the birthday: no second payment.
    await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    await apiCall(t, fan, 'PATCH', '/api/user/me', { birthday: '' });
    await apiCall(t, fan, 'PATCH', '/api/user/me', { birthday: '1995-04-12' });
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().points).toBe(REFERRAL_REWARDS.referred);
    expect((await apiCall(t, referrer, 'GET', '/api/user/me')).json().points).toBe(REFERRAL_REWARDS.referrer);

    const referral = (await apiCall(t, referrer, 'GET', '/api/referral')).json();
    expect(referral).toMatchObject({
      code: referrer.user.referralCode,
      referredCount: 1,
      pointsEarned: REFERRAL_REWARDS.referrer,
    });
    expect(referral.link).toMatch(new RegExp(`/\\?ref=${referrer.user.referralCode}$`));
    const history = (await apiCall(t, fan, 'GET', '/api/user/me/transactions')).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ amount: REFERRAL_REWARDS.referred, kind: 'referral' });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('pays nothing for a self-referral', async () => {
    const org = await createOrg(t);
    const fan = await newFan(t, org);
    await t.db.updateTable('users').set({ referredBy: fan.user.id }).where('id', '=', fan.user.id).execute();
    await acceptRequiredConsents(t, fan);
    const res = await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    expect(res.json()).toMatchObject({ isNewUser: false, points: 0 });
    expect((await apiCall(t, fan, 'GET', '/api/referral')).json()).toMatchObject({
      referredCount: 0,
      pointsEarned: 0,
    });
  });

  it('pays nothing when the referrer belongs to another organization', async () => {
    const referrer = await createFan(t, await createOrg(t));
    const org = await createOrg(t);
    const fan = await referredFan(org, referrer);
    const res = await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    expect(res.json().points).toBe(0);
    expect((await apiCall(t, referrer, 'GET', '/api/user/me')).json().points).toBe(0);
  });

  it('builds the referral link from SITE_URL when configured', async () => {
    const site = await createTestApp({ SITE_URL: 'https://fans.example.com/' });
    try {
      const fan = await createFan(site, await createOrg(site));
      const res = await apiCall(site, fan, 'GET', '/api/referral');
      expect(res.json().link).toBe(`https://fans.example.com/?ref=${fan.user.referralCode}`);
    } finally {
      await site.close();
    }
  });

  it('answers GET /api/referral with 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await apiCall(t, { org }, 'GET', '/api/referral')).statusCode).toBe(401);
  });

  it('pays when the last required consent, not the profile form, completes the profile', async () => {
    const org = await createOrg(t);
    const referrer = await createFan(t, org);
    const fan = await newFan(t, org, referrer.user.id);
    const saved = await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    expect(saved.json()).toMatchObject({ isNewUser: true, points: 0 });
    await acceptRequiredConsents(t, fan);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json()).toMatchObject({
      isNewUser: false,
      points: REFERRAL_REWARDS.referred,
    });
    expect((await apiCall(t, referrer, 'GET', '/api/referral')).json().pointsEarned).toBe(
      REFERRAL_REWARDS.referrer,
    );
  });

  it('counts every fan a referrer brought, paid or not yet', async () => {
    const org = await createOrg(t);
    const referrer = await createFan(t, org);
    const done = await newFan(t, org, referrer.user.id);
    await newFan(t, org, referrer.user.id);
    await acceptRequiredConsents(t, done);
    await apiCall(t, done, 'PATCH', '/api/user/me', completeProfile);
    expect((await apiCall(t, referrer, 'GET', '/api/referral')).json()).toMatchObject({
      referredCount: 2,
      pointsEarned: REFERRAL_REWARDS.referrer,
    });
  });
});

describeOnPostgres('referral under concurrency (real PostgreSQL)', () => {
  it('pays both fans once when 20 profile saves race to complete the profile', async () => {
    const org = await createOrg(t);
    const referrer = await createFan(t, org);
    const fan = await referredFan(org, referrer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().points).toBe(REFERRAL_REWARDS.referred);
    expect((await apiCall(t, referrer, 'GET', '/api/user/me')).json().points).toBe(REFERRAL_REWARDS.referrer);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});
