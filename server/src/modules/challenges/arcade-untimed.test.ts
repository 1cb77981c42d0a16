import { describe, expect, it } from 'vitest';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';
import { balance } from '../../test/points.ts';
import { apiCallAtClock as apiCall, type TestFan, useTimedTestApp } from '../../test/test-app.ts';

const t = useTimedTestApp();

async function setUntimed(fan: TestFan, on: boolean) {
  const res = await apiCall(t, fan, 'PATCH', '/api/user/me', { untimedMode: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().untimedMode).toBe(on);
}

async function start(fan: TestFan, id: string) {
  const res = await apiCall(t, fan, 'POST', `/api/challenge/${id}/attempt`, {});
  expect(res.statusCode).toBe(200);
  return res.json() as {
    attemptToken: string;
    lightsOutAfterMs: number;
    issuedAt: string;
    expiresAt: string;
  };
}

describe('untimed mode for the arcade (product §10.2.4 item 4, WCAG 2.2.1)', () => {
  it('is off by default and kept on the profile', async () => {
    const { fan } = await orgWithFan(t);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().untimedMode).toBe(false);
    await setUntimed(fan, true);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().untimedMode).toBe(true);
  });

  it('waits 30 minutes for the fan and pays the slowest paying bracket, whatever time the client claims', async () => {
    const { org, fan } = await orgWithFan(t);
    await setUntimed(fan, true);
    const arcade = await makeChallenge(t, org, { subtype: 'arcade' });
    const attempt = await start(fan, arcade.challengeId);
    expect(Date.parse(attempt.expiresAt) - Date.parse(attempt.issuedAt)).toBe(30 * 60_000);
    // Twenty minutes later, long after a timed start would have expired, with a "perfect" time.
    t.clock.advance(20 * 60_000);
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}`, {
      response: 120,
      attemptToken: attempt.attemptToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Brackets pay 100 (≤ 200 ms), 50 (≤ 300 ms), 10 (≤ 500 ms): untimed pays the 10.
    expect(res.json()).toMatchObject({ points: 10, completed: true });
    expect(await balance(t, fan)).toBe(10);
  });

  it('needs no reaction time, and still refuses an expired start', async () => {
    const { org, fan } = await orgWithFan(t);
    await setUntimed(fan, true);
    const arcade = await makeChallenge(t, org, { subtype: 'arcade' });
    const late = await start(fan, arcade.challengeId);
    t.clock.advance(31 * 60_000);
    const expired = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}`, {
      attemptToken: late.attemptToken,
    });
    expect(expired.json().code).toBe('implausible_score');
    const fresh = await start(fan, arcade.challengeId);
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}`, {
      attemptToken: fresh.attemptToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().points).toBe(10);
  });

  it('leaves timed fans on the clock: a start still expires after 60 s', async () => {
    const { org, fan } = await orgWithFan(t);
    const arcade = await makeChallenge(t, org, { subtype: 'arcade' });
    const attempt = await start(fan, arcade.challengeId);
    expect(Date.parse(attempt.expiresAt) - Date.parse(attempt.issuedAt)).toBe(60_000);
    const noTime = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}`, {
      attemptToken: attempt.attemptToken,
    });
    expect(noTime.statusCode).toBe(400);
  });
});
