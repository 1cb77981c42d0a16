import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ARCADE_REACTION_MS } from '@paddock/contracts';

/**
 * The arcade "five red lights" start (product §10.2.4). The server decides when the
 * lights go out, signs the attempt and accepts one score per attempt, so a client cannot
 * choose its own start time or replay a good run (decision 007).
 */
export const ARCADE = {
  /** Five lights, one per second. */
  lightsSequenceMs: 5_000,
  /** Random hold after the fifth light, like a real start. */
  minHoldMs: 200,
  maxHoldMs: 3_000,
  /** No human reacts faster than this; anything below is a jump start or a script. */
  minReactionMs: ARCADE_REACTION_MS.min,
  maxReactionMs: ARCADE_REACTION_MS.max,
  /** An attempt must be used within this long. */
  ttlMs: 60_000,
  /** In untimed mode (product §10.2.4 item 4) a start waits for the fan this long. */
  untimedTtlMs: 30 * 60_000,
} as const;

export const randomLightsOutAfterMs = () =>
  ARCADE.lightsSequenceMs + randomInt(ARCADE.minHoldMs, ARCADE.maxHoldMs + 1);

interface AttemptClaims {
  organizationId: string;
  challengeId: string;
  userId: string;
  attemptId: string;
}

const payload = (c: AttemptClaims) =>
  `arcade:${c.organizationId}:${c.challengeId}:${c.userId}:${c.attemptId}`;

function signature(secret: string, claims: AttemptClaims) {
  return createHmac('sha256', secret).update(payload(claims)).digest('base64url');
}

/** `<attemptId>.<HMAC of org, challenge, fan and attempt>`; the attempt row holds the timing. */
export function signAttemptToken(secret: string, claims: AttemptClaims): string {
  return `${claims.attemptId}.${signature(secret, claims)}`;
}

/** The attempt id when the token was signed for this fan and challenge, else null. */
export function verifyAttemptToken(
  secret: string,
  token: string,
  expected: Omit<AttemptClaims, 'attemptId'>,
): string | null {
  const [attemptId, sig] = token.split('.');
  if (!attemptId || !sig || !/^[0-9a-f-]{36}$/i.test(attemptId)) return null;
  const want = Buffer.from(signature(secret, { ...expected, attemptId }));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? attemptId : null;
}

/** Points for a reaction time: the first bracket (ascending maxMs) it fits, else nothing. */
export function arcadePoints(brackets: { maxMs: number; points: number }[], reactionMs: number): number {
  const sorted = [...brackets].sort((a, b) => a.maxMs - b.maxMs);
  return sorted.find((b) => reactionMs <= b.maxMs)?.points ?? 0;
}

/**
 * Product §10.2.4 item 4: an untimed run is not timed, so it pays what the slowest paying
 * bracket pays: never more than a fan who raced the lights could earn, never nothing.
 */
export function untimedArcadePoints(brackets: { maxMs: number; points: number }[]): number {
  const paying = [...brackets].sort((a, b) => a.maxMs - b.maxMs).filter((b) => b.points > 0);
  return paying.at(-1)?.points ?? 0;
}
