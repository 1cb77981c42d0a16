import { describe, expect, it, vi } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../test/test-app.ts';

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
    const reads = vi.spyOn(t.deps.db, 'selectFrom');
    try {
      const answers = await Promise.all(
        claims.map((c) => t.deps.tokens.sessionExists(t.deps.db, c.session_id, c.sub)),
      );
      expect(answers).toEqual([true, true, false]);
      expect(reads.mock.calls.filter(([table]) => table === 'sessions')).toHaveLength(1);
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
