/**
 * The story viewer's navigation state (product §3 "Story", product §13.4 "full-screen viewer: progress
 * bars, tap/hold/swipe"). A pure reducer: the screen feeds it taps, holds and animation-frame
 * ticks and renders what it says, so the rules are tested without a browser.
 */

export interface StoryPlayerState {
  /** Index of the chapter on screen. */
  index: number;
  /** Milliseconds of the current chapter already shown. */
  elapsedMs: number;
  /** Held by the fan (press and hold) or hidden (tab in the background). */
  paused: boolean;
  /** The last chapter ran out, or the fan tapped past it: the viewer closes. */
  finished: boolean;
}

export type StoryPlayerAction =
  | { type: 'tick'; deltaMs: number; durationsMs: readonly number[] }
  | { type: 'next'; count: number }
  | { type: 'previous' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'goto'; index: number };

export const initialStoryPlayer = (startIndex = 0): StoryPlayerState => ({
  index: Math.max(0, startIndex),
  elapsedMs: 0,
  paused: false,
  finished: false,
});

export function storyPlayerReducer(state: StoryPlayerState, action: StoryPlayerAction): StoryPlayerState {
  if (state.finished) return state;
  switch (action.type) {
    case 'tick': {
      if (state.paused) return state;
      const duration = action.durationsMs[state.index] ?? 0;
      const elapsedMs = state.elapsedMs + Math.max(0, action.deltaMs);
      if (elapsedMs < duration) return { ...state, elapsedMs };
      // One chapter per tick at most, so a long frame (tab switch) never skips a chapter unseen.
      if (state.index + 1 >= action.durationsMs.length)
        return { ...state, elapsedMs: duration, finished: true };
      return { ...state, index: state.index + 1, elapsedMs: 0 };
    }
    case 'next':
      if (state.index + 1 >= action.count) return { ...state, finished: true };
      return { ...state, index: state.index + 1, elapsedMs: 0 };
    case 'previous':
      // Tapping left on the first chapter restarts it, as fans expect from story viewers.
      return { ...state, index: Math.max(0, state.index - 1), elapsedMs: 0 };
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { ...state, paused: false };
    case 'goto':
      return { ...state, index: Math.max(0, action.index), elapsedMs: 0 };
  }
}

/** Fill (0–1) of each progress bar: past chapters full, the current one partly, later empty. */
export function progressOf(state: StoryPlayerState, index: number, durationMs: number): number {
  if (index < state.index) return 1;
  if (index > state.index) return 0;
  if (state.finished) return 1;
  return durationMs > 0 ? Math.min(1, state.elapsedMs / durationMs) : 0;
}

/** Where a tap lands: the left third goes back, the rest goes forward. */
export function tapZone(x: number, width: number): 'previous' | 'next' {
  return x < width / 3 ? 'previous' : 'next';
}

/** A press longer than this is a hold (pause), not a tap. */
export const HOLD_THRESHOLD_MS = 250;
/** A downward drag past this many pixels closes the viewer. */
export const SWIPE_CLOSE_PX = 80;

export type Gesture = 'tap' | 'hold' | 'swipe_down' | 'none';

/** Classifies a finished pointer press from its duration and movement. */
export function classifyGesture(durationMs: number, dx: number, dy: number): Gesture {
  if (dy > SWIPE_CLOSE_PX && Math.abs(dy) > Math.abs(dx)) return 'swipe_down';
  if (Math.abs(dx) > 20 || Math.abs(dy) > 20) return 'none';
  return durationMs >= HOLD_THRESHOLD_MS ? 'hold' : 'tap';
}

/** The first chapter the fan has not seen yet, so a story resumes where it was left. */
export function resumeIndex(chapters: readonly { viewed: boolean }[]): number {
  const i = chapters.findIndex((c) => !c.viewed);
  return i === -1 ? 0 : i;
}
