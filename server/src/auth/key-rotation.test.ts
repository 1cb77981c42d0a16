import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from './signing-keys.ts';
import { parseEnv } from '../config.ts';
import type { User } from '../db/schema.ts';
import { systemClock } from '../platform/clock.ts';
import { loadSecrets, rotateSigningKey, storedSigningJwks } from '../platform/secrets.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();
const rawEnv = { NODE_ENV: 'test', DATA_DIR: '/nonexistent-paddock-dir' };
const env = parseEnv(rawEnv);

/** What one server process builds at start from the database (bootstrap.ts does the same). */
async function startProcess() {
  const secrets = await loadSecrets(t.db, env, generatePrivateJwk);
  const keys = await loadSigningKeys(secrets.jwtPrivateJwk, secrets.jwtPreviousPrivateJwk);
  const reload = async () => {
    const stored = await storedSigningJwks(t.db);
    return loadSigningKeys(stored.current!, stored.previous);
  };
  return { secrets, tokens: new SessionTokens(keys, systemClock, 3600, 'http://test/auth/v1', reload) };
}

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  organizationId: 'o',
  email: 'a@b.c',
} as unknown as User;
const sign = async (p: Awaited<ReturnType<typeof startProcess>>) =>
  (await p.tokens.signAccessToken(user, { id: 's1', aal: 'aal1', amr: [] })).token;

describe('generated secrets shared through the database (decision 016)', () => {
  it('gives every process on one database the same signing key and app secret', async () => {
    const [a, b] = await Promise.all([startProcess(), startProcess()]);
    expect(b.secrets).toEqual(a.secrets);
    expect((await b.tokens.verify(await sign(a))).sub).toBe(user.id);
  });

  it('environment secrets win and are not stored', async () => {
    const jwk = await generatePrivateJwk();
    const own = await loadSecrets(
      t.db,
      parseEnv({ ...rawEnv, JWT_PRIVATE_JWK: jwk, APP_SECRET: 'z'.repeat(40) }),
      generatePrivateJwk,
    );
    expect(own.jwtPrivateJwk).toBe(jwk);
    expect(own.appSecret).toBe('z'.repeat(40));
    expect((await storedSigningJwks(t.db)).current).not.toBe(jwk);
  });

  it('after rotate-keys: old tokens still verify, a process that has not restarted accepts the new kid', async () => {
    const before = await startProcess();
    const oldToken = await sign(before);
    const { kid } = await rotateSigningKey(t.db, generatePrivateJwk);
    const after = await startProcess();
    const newToken = await sign(after);
    expect(decodeProtectedHeader(newToken).kid).toBe(kid);
    expect(after.tokens.publicJwks.map((k) => k.kid)).toEqual([kid, decodeProtectedHeader(oldToken).kid]);
    // The restarted process verifies tokens of the previous key…
    expect((await after.tokens.verify(oldToken)).sub).toBe(user.id);
    // …and the one still running the old key learns the new kid from the database.
    expect((await before.tokens.verify(newToken)).sub).toBe(user.id);
  });

  it('refuses a token whose kid is in no stored key', async () => {
    const p = await startProcess();
    const stranger = new SessionTokens(
      await loadSigningKeys(await generatePrivateJwk()),
      systemClock,
      3600,
      'http://test/auth/v1',
    );
    await expect(p.tokens.verify(await sign({ secrets: p.secrets, tokens: stranger }))).rejects.toMatchObject(
      {
        statusCode: 403,
      },
    );
  });
});
