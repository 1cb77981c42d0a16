import { ARCADE_REACTION_MS } from '@paddock/contracts';

/**
 * The five-red-lights reaction start (product §10.2.4): pure timing
 * rules, kept apart from the animation so they can be tested without a browser.
 *
 * Times are milliseconds since the attempt was issued (the moment the client received the
 * attempt token). The server chooses when the lights go out (`lightsOutAfterMs`), so a fan
 * cannot learn the hold from the client code.
 */

export const LIGHT_COUNT = 5;
/** One light comes on per second. */
export const LIGHT_INTERVAL_MS = 1000;
/**
 * A human cannot react faster than about 100 ms; the server refuses faster scores as
 * implausible, so the client calls it what it is: an anticipated start.
 */
export const MIN_HUMAN_REACTION_MS = ARCADE_REACTION_MS.min;
/** After this long without a tap the attempt is abandoned (the server refuses slower scores too). */
export const MAX_REACTION_MS = ARCADE_REACTION_MS.max;

/** The earliest moment the lights may go out: after the fifth has come on. */
export const ALL_LIGHTS_ON_MS = LIGHT_COUNT * LIGHT_INTERVAL_MS;

/** Lights out never happens before all five are lit, whatever the server sent. */
export function lightsOutAt(lightsOutAfterMs: number): number {
  return Math.max(ALL_LIGHTS_ON_MS, lightsOutAfterMs);
}

/** How many lights are lit `elapsedMs` after the attempt started (0 once they are out). */
export function litLights(elapsedMs: number, lightsOutAfterMs: number): number {
  if (elapsedMs >= lightsOutAt(lightsOutAfterMs)) return 0;
  return Math.max(0, Math.min(LIGHT_COUNT, Math.floor(elapsedMs / LIGHT_INTERVAL_MS)));
}

export type TapOutcome =
  | { kind: 'jump_start' }
  | { kind: 'too_slow' }
  | { kind: 'reaction'; reactionMs: number };

/**
 * Judges a tap. `lightsOutSeenAt` is when the lights were actually shown going out (the frame
 * that turned them off), or null while they are still on: reaction is measured from what the
 * fan could see, not from the schedule.
 */
export function judgeTap(tapAt: number, lightsOutSeenAt: number | null): TapOutcome {
  if (lightsOutSeenAt === null || tapAt < lightsOutSeenAt) return { kind: 'jump_start' };
  const reactionMs = Math.round(tapAt - lightsOutSeenAt);
  if (reactionMs < MIN_HUMAN_REACTION_MS) return { kind: 'jump_start' };
  if (reactionMs > MAX_REACTION_MS) return { kind: 'too_slow' };
  return { kind: 'reaction', reactionMs };
}

/** Points a reaction time earns: the first (tightest) bracket it fits in; 0 when none. */
export function pointsForReaction(
  reactionMs: number,
  brackets: readonly { maxMs: number; points: number }[] | null | undefined,
): number {
  const sorted = [...(brackets ?? [])].sort((a, b) => a.maxMs - b.maxMs);
  return sorted.find((b) => reactionMs <= b.maxMs)?.points ?? 0;
}
