import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { authCall } from '../test/auth-fixtures.ts';
import { failReadsOf, readsTable } from '../test/failing-reads.ts';
import { apiCall, createFan, createOrg, useTestApp } from '../test/test-app.ts';
import { SessionTokens } from './session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from './signing-keys.ts';

const t = useTestApp();

/** Session checks read in batches (session-lookups.ts, decision 032). */
describe('session checks of concurrent first calls', () => {
  it('refuses only the signed-out session of a batch, and answers the batch with one query', async () => {
    const org = await createOrg(t);
    const [first, signedOut, third] = [
      await createFan(t, org),
      await createFan(t, org),
      await createFan(t, org),
    ];
    expect((await apiCall(t, signedOut, 'DELETE', '/api/session')).statusCode).toBe(204);

    const statuses = await Promise.all(
      [first, signedOut, third].map(async (fan) => (await apiCall(t, fan, 'GET', '/api/user/me')).statusCode),
    );
    expect(statuses).toEqual([200, 401, 200]);

    // Three first calls in one turn of the event loop: one read of the sessions table.
    const others = [await createFan(t, org), await createFan(t, org)];
    const sessionOf = (token: string) => t.deps.tokens.verify(token);
    const claims = await Promise.all([...others, signedOut].map((fan) => sessionOf(fan.accessToken)));
    const reads = vi.spyOn(t.deps.db, 'executeQuery');
    try {
      const answers = await Promise.all(
        claims.map((c) => t.deps.tokens.sessionExists(t.deps.db, c.session_id, c.sub)),
      );
      expect(answers).toEqual([true, true, false]);
      expect(reads.mock.calls.filter(([query]) => readsTable(query, 'sessions'))).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("refuses a session claimed for another fan, and a malformed id without failing the batch's others", async () => {
    const org = await createOrg(t);
    const [fan, other] = [await createFan(t, org), await createFan(t, org)];
    const mine = await t.deps.tokens.verify(fan.accessToken);
    const answers = await Promise.all([
      t.deps.tokens.sessionExists(t.deps.db, mine.session_id, other.user.id),
      t.deps.tokens.sessionExists(t.deps.db, 'not-a-session-id', fan.user.id),
      t.deps.tokens.sessionExists(t.deps.db, mine.session_id, fan.user.id),
    ]);
    expect(answers).toEqual([false, false, true]);
  });
});

/**
 * A session keeps its last access token's digest (decision 038): a first call with that token is
 * proved by the session row the sign-out check reads, not by ES256. Nothing else is.
 */
describe("a session's last token", () => {
  // biome-ignore lint/suspicious/noExplicitAny: spying on the private ES256 path.
  const es256 = () => vi.spyOn(SessionTokens.prototype as any, 'verifyWithKnownKeys');
  const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');
  const issuer = () => (t.deps.tokens as unknown as { issuer: string }).issuer;

  it('is kept by its session as a digest, and its first call needs no ES256 check', async () => {
    const fan = await createFan(t, await createOrg(t));
    const claims = JSON.parse(Buffer.from(fan.accessToken.split('.')[1]!, 'base64url').toString());
    const row = await t.db
      .selectFrom('sessions')
      .select('accessTokenDigest')
      .where('id', '=', claims.session_id)
      .executeTakeFirstOrThrow();
    expect(row.accessTokenDigest).toBe(sha256(fan.accessToken));
    const spy = es256();
    try {
      expect((await apiCall(t, fan, 'GET', '/api/user/me')).statusCode).toBe(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('an earlier token of the session (before a refresh) is checked by signature, and still answers', async () => {
    const fan = await createFan(t, await createOrg(t));
    const refreshed = await authCall(t, fan.org, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: fan.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const spy = es256();
    try {
      expect((await apiCall(t, fan, 'GET', '/api/user/me')).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      const next = { ...fan, accessToken: refreshed.json().access_token as string };
      expect((await apiCall(t, next, 'GET', '/api/user/me')).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a database that fails the session read answers 503, never a sign-out (decision 014)', async () => {
    const fan = await createFan(t, await createOrg(t));
    const restore = failReadsOf(t.deps.db, 'sessions');
    try {
      const res = await apiCall(t, fan, 'GET', '/api/user/me');
      expect([res.statusCode, res.json().code]).toEqual([503, 'database_unavailable']);
    } finally {
      restore();
    }
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).statusCode).toBe(200);
  });

  it('is refused with its signature forged, after sign-out, expired, or under a kid the server no longer holds', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const [header, payload] = fan.accessToken.split('.');
    const forged = {
      ...fan,
      accessToken: `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`,
    };
    expect((await apiCall(t, forged, 'GET', '/api/user/me')).json().code).toBe('invalid_token');

    const later = new ManualClock(new Date(t.clock.now().getTime() + 2 * 3600_000));
    const expiredHere = new SessionTokens(t.deps.keys, later, 3600, issuer());
    // The same keys, issuer and clock accept it (so each null below is the one difference)…
    const sameServer = new SessionTokens(t.deps.keys, t.clock, 3600, issuer());
    expect((await sameServer.authenticate(t.db, fan.accessToken))?.sessionExists).toBe(true);
    // …and each difference is a refusal (null → 401 invalid_token), not an error.
    expect(await expiredHere.authenticate(t.db, fan.accessToken)).toBeNull();
    const rotatedTwice = new SessionTokens(
      await loadSigningKeys(await generatePrivateJwk()),
      t.clock,
      3600,
      issuer(),
    );
    expect(await rotatedTwice.authenticate(t.db, fan.accessToken)).toBeNull();
    const otherIssuer = new SessionTokens(t.deps.keys, t.clock, 3600, 'http://elsewhere/auth/v1');
    expect(await otherIssuer.authenticate(t.db, fan.accessToken)).toBeNull();

    expect((await apiCall(t, fan, 'DELETE', '/api/session')).statusCode).toBe(204);
    const after = await apiCall(t, fan, 'GET', '/api/user/me');
    expect([after.statusCode, after.json().code]).toEqual([401, 'session_not_found']);
  });
});
