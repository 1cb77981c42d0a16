import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys, type SigningKeys } from './signing-keys.ts';
import type { User } from '../db/schema.ts';
import { ManualClock } from '../platform/clock.ts';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  organizationId: '00000000-0000-4000-8000-0000000000aa',
  email: 'fan@example.com',
  isAnonymous: false,
} as unknown as User;
const session = { id: '00000000-0000-4000-8000-0000000000bb', aal: 'aal1', amr: [] };

const ISSUER = 'http://test/auth/v1';

async function tokensAt(clock: ManualClock, keys?: SigningKeys) {
  return new SessionTokens(keys ?? (await loadSigningKeys(await generatePrivateJwk())), clock, 3600, ISSUER);
}

/** Changes one character of a token's signature to another valid base64url character. */
function tamperSignature(token: string) {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

/** Access tokens remembered once verified (decision 032): never a way around the signature or the expiry. */
describe('verified access tokens', () => {
  it('answers the fan, session, organization, assurance and expiry, the same from memory', async () => {
    const clock = new ManualClock(new Date('2026-11-27T00:00:00Z'));
    const tokens = await tokensAt(clock);
    const { token, exp } = await tokens.signAccessToken(user, session);
    const expected = { sub: user.id, session_id: session.id, aal: 'aal1', org: user.organizationId, exp };
    expect(await tokens.verify(token)).toEqual(expected);
    expect(await tokens.verify(token)).toEqual(expected);
  });

  it('refuses a remembered token with its signature altered, and one past its expiry', async () => {
    const clock = new ManualClock(new Date('2026-11-27T00:00:00Z'));
    const tokens = await tokensAt(clock);
    const { token } = await tokens.signAccessToken(user, session);
    await tokens.verify(token);
    await expect(tokens.verify(tamperSignature(token))).rejects.toMatchObject({
      statusCode: 403,
      code: 'bad_jwt',
    });
    clock.advance(3601_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 403, code: 'bad_jwt' });
  });
});

/**
 * A token's first verification (nothing remembered yet) refuses every token this server would not
 * have signed as it is, each differing in one claim, and judges expiry by the server's clock.
 * (Decision 032, amendment "100,000 fans": a faster library for this check must pass these too.)
 */
describe('the first verification of a token', () => {
  const at = new Date('2026-11-27T00:00:00Z');
  const iat = Math.floor(at.getTime() / 1000);
  /** A token signed with the server's own key and kid, with these claims changed. */
  async function signed(
    keys: SigningKeys,
    claims: Record<string, unknown>,
    header: Record<string, unknown> = {},
  ) {
    const payload: Record<string, unknown> = {
      aud: 'authenticated',
      iss: ISSUER,
      sub: user.id,
      session_id: session.id,
      aal: 'aal1',
      org: user.organizationId,
      iat,
      exp: iat + 3600,
      ...claims,
    };
    for (const [k, v] of Object.entries(payload)) if (v === undefined) delete payload[k];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT', ...header })
      .sign(keys.privateKey);
  }

  async function setUp() {
    const clock = new ManualClock(at);
    const keys = await loadSigningKeys(await generatePrivateJwk());
    return { clock, keys, tokens: await tokensAt(clock, keys) };
  }

  it('accepts the server-signed shape, and judges expiry by the server clock, not the wall clock', async () => {
    const { keys, tokens } = await setUp();
    // Expired by the wall clock (2026-11-27 is the test clock's day, not necessarily today's).
    const token = await signed(keys, {});
    expect(await tokens.verify(token)).toEqual({
      sub: user.id,
      session_id: session.id,
      aal: 'aal1',
      org: user.organizationId,
      exp: iat + 3600,
    });
  });

  it('refuses, on the first verification, what jose refuses', async () => {
    const { clock, keys, tokens } = await setUp();
    const refused = { statusCode: 403, code: 'bad_jwt' };
    const cases = [
      await signed(keys, { aud: undefined }),
      await signed(keys, { aud: 'someone-else' }),
      await signed(keys, { iss: undefined }),
      await signed(keys, { iss: 'http://other/auth/v1' }),
      await signed(keys, { exp: iat }),
      await signed(keys, { exp: String(iat + 3600) }),
      await signed(keys, { nbf: iat + 60 }),
      await signed(keys, { iat: 'yesterday' }),
      tamperSignature(await signed(keys, {})),
    ];
    for (const [i, token] of cases.entries()) {
      await expect(tokens.verify(token).then(() => i)).rejects.toMatchObject(refused);
    }
    // Another key's token under the server's kid.
    const other = await loadSigningKeys(await generatePrivateJwk());
    await expect(tokens.verify(await signed({ ...other, kid: keys.kid }, {}))).rejects.toMatchObject(refused);
    // Expired by the server clock only, on its first verification.
    const later = await signed(keys, { exp: iat + 10 });
    clock.advance(11_000);
    await expect(tokens.verify(later)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('token is expired'),
    });
  });

  it('still accepts a not-before claim the server clock has passed (jose checks it)', async () => {
    const { keys, tokens } = await setUp();
    expect((await tokens.verify(await signed(keys, { nbf: iat - 60 }))).sub).toBe(user.id);
  });
});
