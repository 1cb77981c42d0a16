import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from './signing-keys.ts';
import type { User } from '../db/schema.ts';
import { ManualClock } from '../platform/clock.ts';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  organizationId: '00000000-0000-4000-8000-0000000000aa',
  email: 'fan@example.com',
  isAnonymous: false,
} as unknown as User;
const session = { id: '00000000-0000-4000-8000-0000000000bb', aal: 'aal1', amr: [] };

async function tokensAt(clock: ManualClock) {
  const keys = await loadSigningKeys(await generatePrivateJwk());
  return new SessionTokens(keys, clock, 3600, 'http://test/auth/v1');
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
