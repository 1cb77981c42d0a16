import type { Organization } from '../db/schema.ts';
import { apiCall, createFan, type TestContext, type TestFan } from './test-app.ts';

/** Test fixtures for the welcome flow: a just-signed-up fan, the consents, the profile. */

export const completeProfile = { firstName: 'Lena', lastName: 'Vogt', birthday: '1995-04-12' } as const;

/** A fan who has just signed up: no profile yet, optionally referred by another fan. */
export async function newFan(t: TestContext, org: Organization, referredBy: string | null = null) {
  const fan = await createFan(t, org, { onboardedAt: null, firstName: null, lastName: null, birthday: null });
  if (referredBy) await t.db.updateTable('users').set({ referredBy }).where('id', '=', fan.user.id).execute();
  return fan;
}

export async function acceptRequiredConsents(t: TestContext, fan: TestFan) {
  const consents: { id: string; consentId: string; required: boolean }[] = (
    await apiCall(t, fan, 'GET', '/api/consent/user')
  ).json();
  for (const c of consents.filter((c) => c.required)) {
    const res = await apiCall(t, fan, 'PATCH', `/api/consent/user/${c.id}`, {
      consentId: c.consentId,
      value: 1,
    });
    if (res.statusCode !== 200) throw new Error(`consent ${c.consentId}: ${res.statusCode} ${res.body}`);
  }
}
