import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('DELETE /api/session', () => {
  it('ends the current session: 204, then the same token is refused everywhere with 401', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const second = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
    const secondDevice = { ...fan, accessToken: second.access_token };

    const res = await apiCall(t, fan, 'DELETE', '/api/session');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const [method, url] of [
      ['GET', '/api/user/me'],
      ['GET', '/api/consent/user'],
      ['DELETE', '/api/session'],
    ] as const) {
      const after = await apiCall(t, fan, method, url);
      expect(after.statusCode, url).toBe(401);
      expect(after.json().code).toBe('session_not_found');
    }
    // Its refresh token is gone with it; the fan's other device stays signed in.
    const refresh = await t.db
      .selectFrom('refreshTokens')
      .select('id')
      .where('token', '=', fan.refreshToken)
      .executeTakeFirst();
    expect(refresh).toBeUndefined();
    expect((await apiCall(t, secondDevice, 'GET', '/api/user/me')).statusCode).toBe(200);
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await apiCall(t, { org }, 'DELETE', '/api/session')).statusCode).toBe(401);
  });
});
