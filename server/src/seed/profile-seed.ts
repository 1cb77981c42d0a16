import { hash } from '@node-rs/argon2';
import type { Database } from '../db/engine.ts';
import { newReferralCode } from '../modules/referral/referral-code.ts';

export const DEMO_CREDENTIALS = {
  fan: { email: 'fan@paddock.demo', password: 'paddock-fan-2026' },
  operator: { email: 'operator@paddock.demo', password: 'paddock-operator-2026' },
};

/**
 * A confirmed e-mail account, with a password to sign in with (the demo fan and operator) or
 * none (demo entrants who only appear in lists). Its profile is complete when it has a name.
 */
export async function seedAccount(
  db: Database,
  organizationId: string,
  account: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    birthday?: string;
    country?: string;
    role?: string;
  },
  now = new Date(),
) {
  return db
    .insertInto('users')
    .values({
      organizationId,
      email: account.email.toLowerCase(),
      encryptedPassword: account.password ? await hash(account.password) : null,
      emailConfirmedAt: now,
      appMetadata: JSON.stringify(account.role ? { roles: [account.role] } : {}),
      userMetadata: JSON.stringify({}),
      properties: JSON.stringify({}),
      firstName: account.firstName ?? null,
      lastName: account.lastName ?? null,
      username: account.firstName ? `${account.firstName.toLowerCase()}` : null,
      birthday: account.birthday ?? null,
      country: account.country ?? null,
      onboardedAt: account.firstName ? now : null,
      referralCode: newReferralCode(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
