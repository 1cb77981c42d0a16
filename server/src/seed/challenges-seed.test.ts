import { describe, expect, it } from 'vitest';
import { demoTeam } from '../test/demo-team.ts';
import { apiCall, useTestApp } from '../test/test-app.ts';
import { balance } from '../test/points.ts';
import { SEED_CHALLENGES, seedChallenges } from './challenges-seed.ts';

const t = useTestApp();

describe('demo challenge seed (product §14)', () => {
  it('gives the demo fan a season of every subtype, with a pick’em ready to settle that pays their prediction', async () => {
    const { fan, operator, context } = await demoTeam(t);
    await seedChallenges(context());
    expect(SEED_CHALLENGES.length).toBeGreaterThanOrEqual(20);

    const admin = (await apiCall(t, operator, 'GET', '/api/admin/challenges')).json().items as {
      subtype: string;
      questions: unknown[];
    }[];
    expect(admin).toHaveLength(SEED_CHALLENGES.length);
    const bySubtype = (s: string) => admin.filter((c) => c.subtype === s).length;
    for (const s of ['poll', 'pickem', 'arcade', 'trivia', 'keyword'])
      expect(bySubtype(s)).toBeGreaterThanOrEqual(3);
    for (const trivia of admin.filter((c) => c.subtype === 'trivia')) {
      expect(trivia.questions.length).toBeGreaterThanOrEqual(3);
      expect(trivia.questions.length).toBeLessThanOrEqual(5);
    }

    const listed = (await apiCall(t, fan, 'GET', '/api/challenge')).json().items as {
      challengeId: string;
      title: string;
      expired: boolean;
      imageUrl: string | null;
    }[];
    const upcoming = SEED_CHALLENGES.filter((c) => c.from > 0).length;
    expect(upcoming).toBeGreaterThanOrEqual(3);
    expect(listed).toHaveLength(SEED_CHALLENGES.length - upcoming);
    expect(listed.filter((c) => c.expired).length).toBeGreaterThanOrEqual(4);
    expect(listed.every((c) => c.imageUrl?.startsWith('/files/'))).toBe(true);

    const pole = listed.find((c) => c.title === 'Who takes pole at Silverstone?');
    const settle = await apiCall(t, operator, 'POST', `/api/admin/challenges/${pole?.challengeId}/settle`, {
      outcomeIndex: 0,
    });
    expect(settle.json()).toMatchObject({ fansPaid: 1, pointsPaid: 75 });
    expect(await balance(t, fan)).toBe(75);
  });
});
