import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { User } from '../db/schema.ts';
import { ManualClock } from '../platform/clock.ts';
import { SessionTokens } from './session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from './signing-keys.ts';
import { quicklyVerified, verificationKeys } from './token-signature.ts';

const ISSUER = 'http://test/auth/v1';
const user = {
  id: '00000000-0000-4000-8000-000000000001',
  organizationId: '00000000-0000-4000-8000-0000000000aa',
  email: 'fan@example.com',
  isAnonymous: false,
} as unknown as User;
const session = { id: '00000000-0000-4000-8000-0000000000bb', aal: 'aal1', amr: [] };
const clock = new ManualClock(new Date('2026-11-27T00:00:00Z'));
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

async function signer(privateJwk?: string, issuer = ISSUER) {
  const keys = await loadSigningKeys(privateJwk ?? (await generatePrivateJwk()));
  return { keys, tokens: new SessionTokens(keys, clock, 3600, issuer) };
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decoded = (p: string) => JSON.parse(Buffer.from(p, 'base64url').toString());

/** The synchronous check accepts only tokens exactly as this server signs them (decision 032). */
describe('quicklyVerified', () => {
  it("answers the payload of this server's token, valid now", async () => {
    const { keys, tokens } = await signer();
    const { token, exp } = await tokens.signAccessToken(user, session);
    const payload = quicklyVerified(
      token,
      verificationKeys(keys.verificationJwks),
      ISSUER,
      'authenticated',
      nowSeconds(),
    );
    expect(payload).toMatchObject({ sub: user.id, session_id: session.id, exp, aud: 'authenticated' });
  });

  it('answers null for an altered signature, header or payload, another key, issuer or audience, or past expiry', async () => {
    const { keys, tokens } = await signer();
    const known = verificationKeys(keys.verificationJwks);
    const { token } = await tokens.signAccessToken(user, session);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // The same kid, another key: the signature does not hold.
    const impostor = await signer(
      JSON.stringify({ ...JSON.parse(await generatePrivateJwk()), kid: keys.kid }),
    );
    const forged = (await impostor.tokens.signAccessToken(user, session)).token;
    const otherIssuer = (await signer(undefined, 'http://elsewhere/auth/v1')).tokens;
    const refused: Record<string, string> = {
      signature: `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`,
      'trailing characters': `${token}AA`,
      'non-ASCII look-alike': `${header}.${payload.slice(0, -1)}${String.fromCharCode(0x100 + payload.charCodeAt(payload.length - 1))}.${signature}`,
      'alg none': `${part({ ...decoded(header), alg: 'none' })}.${payload}.${signature}`,
      'crit header': `${part({ ...decoded(header), crit: ['exp'] })}.${payload}.${signature}`,
      'payload edited': `${header}.${part({ ...decoded(payload), sub: 'someone-else' })}.${signature}`,
      'another key': forged,
    };
    // Signed with the right key but not as this server signs: left to jose.
    const claims = decoded(payload);
    const signedAs = (protectedHeader: Record<string, unknown>, body: Record<string, unknown> = claims) =>
      new SignJWT(body)
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT', ...protectedHeader })
        .sign(keys.privateKey);
    Object.assign(refused, {
      'another header member': await signedAs({ b64: true }),
      'another typ': await signedAs({ typ: 'at+jwt' }),
      'not before now': await signedAs({}, { ...claims, nbf: nowSeconds() + 60 }),
      'expiry not a number': await signedAs({}, { ...claims, exp: String(claims.exp) }),
    });
    expect(quicklyVerified(await signedAs({}), known, ISSUER, 'authenticated', nowSeconds())).not.toBeNull();
    for (const [why, candidate] of Object.entries(refused)) {
      expect(quicklyVerified(candidate, known, ISSUER, 'authenticated', nowSeconds()), why).toBeNull();
    }
    expect(
      quicklyVerified(token, known, 'http://elsewhere/auth/v1', 'authenticated', nowSeconds()),
    ).toBeNull();
    expect(quicklyVerified(token, known, ISSUER, 'service_role', nowSeconds())).toBeNull();
    expect(quicklyVerified(token, known, ISSUER, 'authenticated', nowSeconds() + 3600)).toBeNull();
    // And through SessionTokens, which then asks jose: refused with GoTrue's bad_jwt.
    await expect(tokens.verify(forged)).rejects.toMatchObject({ statusCode: 403, code: 'bad_jwt' });
    const elsewhere = (await otherIssuer.signAccessToken(user, session)).token;
    await expect(tokens.verify(elsewhere)).rejects.toMatchObject({ statusCode: 403, code: 'bad_jwt' });
  });
});
