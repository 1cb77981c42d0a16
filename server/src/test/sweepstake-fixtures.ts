import { expect } from 'vitest';
import { signInAgain } from './points.ts';
import { apiCall, createFan, createOrg, type TestContext, type TestFan } from './test-app.ts';

/** The sweepstake tests' world: a fixed "now", an operator, a sweepstake created through the API. */

export const NOW = new Date('2026-06-01T12:00:00Z');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
/** An instant `ms` after NOW, as the API takes it. */
export const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

/** Moves the clock and re-signs the given people in. */
export async function travel(t: TestContext, ms: number, ...people: TestFan[]) {
  t.clock.set(iso(ms));
  return Promise.all(people.map((fan) => signInAgain(t, fan)));
}

/** The clock at NOW, a new organization and its operator. */
export async function sweepstakeOrg(t: TestContext, opts: { loggedOffDashboard?: boolean } = {}) {
  t.clock.set(NOW);
  const org = await createOrg(t, opts);
  const operator = await createFan(t, org, { roles: ['operator'], firstName: 'Olivia', lastName: 'Ops' });
  return { org, operator };
}

/** A live sweepstake (a day either side of NOW, 50 points an entry) unless overridden. */
export async function createSweepstake(
  t: TestContext,
  operator: TestFan,
  overrides: Record<string, unknown> = {},
) {
  const res = await apiCall(t, operator, 'POST', '/api/admin/sweepstakes', {
    title: 'Win a signed helmet',
    prize: 'Signed helmet',
    startsAt: iso(-DAY),
    endsAt: iso(DAY),
    costPerEntry: 50,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { sweepstakeId: string; seedHash: string };
}
