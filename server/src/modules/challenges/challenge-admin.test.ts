import { describe, expect, it } from 'vitest';
import { apiCallAtClock as apiCall, createFan, useTimedTestApp } from '../../test/test-app.ts';
import { auditTrail } from '../../test/admin-fixtures.ts';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';

const t = useTimedTestApp();

describe('operator routes', () => {
  it('answer 401 anonymously, 403 to a fan and 404 for another organization’s challenge', async () => {
    const { org, fan } = await orgWithFan(t);
    const pickem = await makeChallenge(t, org, { subtype: 'pickem' });
    const url = `/api/admin/challenges/${pickem.challengeId}/settle`;
    expect((await apiCall(t, { org }, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(401);
    expect((await apiCall(t, fan, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(403);
    expect((await apiCall(t, fan, 'GET', '/api/admin/challenges')).statusCode).toBe(403);
    expect(
      (await apiCall(t, fan, 'POST', `/api/admin/challenges/${pickem.challengeId}/archive`)).statusCode,
    ).toBe(403);
    const other = await orgWithFan(t);
    const otherOperator = await createFan(t, other.org, { roles: ['operator'] });
    t.clock.set('2026-06-03T00:00:00Z');
    expect((await apiCall(t, otherOperator, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(404);
    expect(
      (
        await apiCall(t, otherOperator, 'PATCH', `/api/admin/challenges/${pickem.challengeId}`, {
          title: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates, lists, edits and archives challenges of every subtype, with validation and an audit trail', async () => {
    const { org } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const base = { title: 'Made by operator', visibleFrom: '2026-06-01T00:00:00Z' };
    const valid = [
      {
        subtype: 'poll',
        options: [
          { text: 'Yes', points: 5 },
          { text: 'No', points: 5 },
        ],
      },
      {
        subtype: 'pickem',
        expiresOn: '2026-06-05T00:00:00Z',
        options: [
          { text: 'A', points: 10 },
          { text: 'B', points: 10 },
        ],
      },
      { subtype: 'keyword', keyword: 'Box box', points: 25 },
      {
        subtype: 'arcade',
        arcadeBrackets: [
          { maxMs: 400, points: 5 },
          { maxMs: 250, points: 20 },
        ],
      },
      {
        subtype: 'trivia',
        questions: [{ text: 'Q?', options: [{ text: 'A', points: 10, isCorrect: true }, { text: 'B' }] }],
      },
    ];
    for (const body of valid) {
      const res = await apiCall(t, operator, 'POST', '/api/admin/challenges', { ...base, ...body });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
    const arcade = (await apiCall(t, operator, 'GET', '/api/admin/challenges?subtype=arcade')).json()
      .items[0];
    expect(arcade.arcadeBrackets).toEqual([
      { maxMs: 250, points: 20 },
      { maxMs: 400, points: 5 },
    ]);
    const invalid = [
      { subtype: 'poll' },
      { subtype: 'pickem', options: [{ text: 'A' }, { text: 'B' }] },
      { subtype: 'keyword', keyword: 'x' },
      { subtype: 'arcade' },
      { subtype: 'trivia', questions: [{ text: 'Q?', options: [{ text: 'A' }, { text: 'B' }] }] },
      { subtype: 'poll', options: [{ text: 'A' }, { text: 'B' }], keyword: 'nope', points: 3 },
      { subtype: 'poll', options: [{ text: 'A' }, { text: 'B' }], expiresOn: '2026-05-01T00:00:00Z' },
    ];
    for (const body of invalid) {
      const res = await apiCall(t, operator, 'POST', '/api/admin/challenges', { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('invalid_challenge');
    }

    const poll = (await apiCall(t, operator, 'GET', '/api/admin/challenges?subtype=poll')).json().items[0];
    const patched = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      title: 'Renamed',
    });
    expect(patched.json().title).toBe('Renamed');
    const fan = await createFan(t, org);
    await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    const frozen = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      options: [{ text: 'C' }, { text: 'D' }],
    });
    expect(frozen.statusCode).toBe(422);
    expect(frozen.json().code).toBe('challenge_has_responses');
    const archived = await apiCall(t, operator, 'POST', `/api/admin/challenges/${poll.challengeId}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    expect((await apiCall(t, operator, 'GET', '/api/admin/challenges')).json().items).toHaveLength(4);
    expect(
      (await apiCall(t, operator, 'GET', '/api/admin/challenges?includeArchived=true')).json().items,
    ).toHaveLength(5);

    const actions = await auditTrail(t, org.id);
    expect(actions.filter((a) => a.action === 'challenge.create')).toHaveLength(5);
    expect(actions.filter((a) => a.action === 'challenge.update')).toHaveLength(1);
    expect(actions.filter((a) => a.action === 'challenge.archive')).toHaveLength(1);
    expect(actions.every((a) => a.actorUserId === operator.user.id)).toBe(true);
  });
});
