import { decodeJwt } from 'jose';
import type { AccessClaims, SessionTokens } from '../auth/session-tokens.ts';
import type { Database } from '../db/engine.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * `unavailable`: the database failed the session read, so nothing was decided about the token
 * (decision 014): a join is refused for now and the client rejoins on its back-off.
 */
export type FanTokenCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: string; unavailable?: true };

/** The reason of a private join refused because the database could not be asked. */
export const UNAVAILABLE_REASON =
  'DatabaseUnavailable: the server cannot check this channel now; rejoin later';

/** The reason the official server gives a private join it refuses (realtime-compat §8.2). */
export const readRefusal = (name: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`;

/**
 * A token that may read `fan:{userId}` (realtime-compat §11.2): valid under our signing keys,
 * of the organization the socket connected to, its subject that fan (`userId` null: any fan,
 * for `results:{challengeId}`, whose other condition the caller checks), and its session not
 * ended: read with the other session checks pending, which also proves the session's last
 * token without its ES256 check (decision 038).
 */
export async function checkFanToken(
  tokens: SessionTokens,
  db: Database,
  clock: Clock,
  token: string | null,
  organizationId: string,
  name: string,
  userId: string | null,
): Promise<FanTokenCheck> {
  if (!token) return { ok: false, reason: readRefusal(name) };
  let checked: Awaited<ReturnType<SessionTokens['authenticate']>>;
  try {
    checked = await tokens.authenticate(db, token);
  } catch {
    // Not the token's fault (authenticate answers null for that): the database's.
    return { ok: false, reason: UNAVAILABLE_REASON, unavailable: true };
  }
  if (!checked) return { ok: false, reason: badTokenReason(token, clock) };
  const { claims } = checked;
  if (claims.org !== organizationId || (userId !== null && claims.sub !== userId) || !checked.sessionExists)
    return { ok: false, reason: readRefusal(name) };
  return { ok: true, claims };
}

/** The official server's wording: an expired token says by how much, anything else is malformed. */
export function badTokenReason(token: string, clock: Clock): string {
  try {
    const { exp } = decodeJwt(token);
    const now = Math.floor(clock.now().getTime() / 1000);
    if (typeof exp === 'number' && exp <= now) {
      return `InvalidJWTToken: Token has expired ${now - exp} seconds ago`;
    }
    return 'InvalidJWTToken: The token provided could not be verified';
  } catch {
    return 'MalformedJWT: The token provided is not a valid JWT';
  }
}
