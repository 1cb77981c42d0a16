import type { AdminChallengeInput } from '@paddock/contracts/api/challenges';
import type { Organization } from '../db/schema.ts';
import { expect } from 'vitest';
import { apiCallAtClock, createFan, createOrg, type TestContext, type TestFan } from './test-app.ts';
import { createChallenge } from '../modules/challenges/challenge-admin-service.ts';

/** Test factory: a challenge of this org, opened an hour before the test clock unless told otherwise. */
export async function makeChallenge(
  t: TestContext,
  org: Organization,
  input: Partial<AdminChallengeInput> & Pick<AdminChallengeInput, 'subtype'>,
) {
  const now = t.clock.now();
  const operator = await t.db
    .insertInto('users')
    .values({
      organizationId: org.id,
      appMetadata: JSON.stringify({ roles: ['operator'] }),
      userMetadata: JSON.stringify({}),
      properties: JSON.stringify({}),
      referralCode: `OP${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const defaults: Record<AdminChallengeInput['subtype'], Partial<AdminChallengeInput>> = {
    poll: {
      options: [
        { text: 'Hard tyres', points: 10 },
        { text: 'Medium tyres', points: 20 },
      ],
    },
    pickem: {
      options: [
        { text: 'Driver A', points: 50 },
        { text: 'Driver B', points: 50 },
        { text: 'Driver C', points: 80 },
      ],
      expiresOn: new Date(now.getTime() + 24 * 3600_000).toISOString(),
    },
    keyword: { keyword: 'Pole Position', points: 40 },
    arcade: {
      arcadeBrackets: [
        { maxMs: 200, points: 100 },
        { maxMs: 300, points: 50 },
        { maxMs: 500, points: 10 },
      ],
    },
    trivia: {
      questions: [
        {
          text: 'How many red lights start a race?',
          options: [
            { text: 'Three', points: 0 },
            { text: 'Five', points: 30, isCorrect: true },
          ],
        },
        {
          text: 'Which flag ends the race?',
          options: [
            { text: 'Chequered', points: 20, isCorrect: true },
            { text: 'Blue', points: 0 },
            { text: 'Yellow', points: 0 },
          ],
        },
      ],
    },
  };
  return createChallenge(
    { db: t.db, org, now, actorUserId: operator.id },
    {
      title: `Test ${input.subtype}`,
      description: '',
      visibleFrom: new Date(now.getTime() - 3600_000).toISOString(),
      ...defaults[input.subtype],
      ...input,
    },
  );
}

/** An organization (with these settings merged into its own) and one fan of it. */
export async function orgWithFan(t: TestContext, settings: Record<string, unknown> = {}) {
  const org = await createOrg(t);
  if (Object.keys(settings).length) {
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ ...org.settings, ...settings }) })
      .where('id', '=', org.id)
      .execute();
    Object.assign(org.settings, settings);
  }
  const fan = await createFan(t, org);
  return { org, fan };
}

/**
 * An operator's boost through the admin API: ×2 on challenges for an hour either side of the
 * test clock unless `body` says otherwise.
 */
export async function makeBoost(t: TestContext, operator: TestFan, body: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  const res = await apiCallAtClock(t, operator, 'POST', '/api/admin/boosts', {
    name: 'race-weekend boost',
    multiplier: 2,
    earning: 'challenges',
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
}
