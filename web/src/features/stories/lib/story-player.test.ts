import { describe, expect, it } from 'vitest';
import {
  classifyGesture,
  initialStoryPlayer,
  progressOf,
  resumeIndex,
  storyPlayerReducer as reduce,
  tapZone,
} from './story-player.ts';

const durations = [5000, 3000, 4000];

describe('story viewer: playing through chapters', () => {
  it('advances to the next chapter when the current one has run its time', () => {
    let s = initialStoryPlayer();
    s = reduce(s, { type: 'tick', deltaMs: 4999, durationsMs: durations });
    expect(s).toMatchObject({ index: 0, elapsedMs: 4999 });
    s = reduce(s, { type: 'tick', deltaMs: 1, durationsMs: durations });
    expect(s).toMatchObject({ index: 1, elapsedMs: 0, finished: false });
  });
  it('finishes after the last chapter', () => {
    let s = initialStoryPlayer(2);
    s = reduce(s, { type: 'tick', deltaMs: 4000, durationsMs: durations });
    expect(s.finished).toBe(true);
    expect(reduce(s, { type: 'next', count: 3 })).toBe(s);
  });
  it('never skips a chapter unseen after a very long frame', () => {
    const s = reduce(initialStoryPlayer(), { type: 'tick', deltaMs: 60_000, durationsMs: durations });
    expect(s.index).toBe(1);
  });
  it('stands still while held', () => {
    let s = reduce(initialStoryPlayer(), { type: 'pause' });
    s = reduce(s, { type: 'tick', deltaMs: 1000, durationsMs: durations });
    expect(s.elapsedMs).toBe(0);
    s = reduce(reduce(s, { type: 'resume' }), { type: 'tick', deltaMs: 1000, durationsMs: durations });
    expect(s.elapsedMs).toBe(1000);
  });
});

describe('story viewer: taps and gestures', () => {
  it('goes back on the left third and forward elsewhere', () => {
    expect(tapZone(100, 390)).toBe('previous');
    expect(tapZone(130, 390)).toBe('next');
  });
  it('restarts the first chapter on a tap back and closes after a tap past the last', () => {
    let s = reduce(initialStoryPlayer(), { type: 'tick', deltaMs: 2000, durationsMs: durations });
    s = reduce(s, { type: 'previous' });
    expect(s).toMatchObject({ index: 0, elapsedMs: 0 });
    s = reduce(reduce(reduce(s, { type: 'next', count: 3 }), { type: 'next', count: 3 }), {
      type: 'next',
      count: 3,
    });
    expect(s.finished).toBe(true);
  });
  it('tells a tap from a hold and a swipe down', () => {
    expect(classifyGesture(120, 2, 3)).toBe('tap');
    expect(classifyGesture(400, 0, 0)).toBe('hold');
    expect(classifyGesture(300, 10, 120)).toBe('swipe_down');
    expect(classifyGesture(300, 0, -120)).toBe('none');
    expect(classifyGesture(100, 60, 10)).toBe('none');
  });
});

describe('story viewer: progress bars', () => {
  it('fills past bars, part-fills the current one, leaves later ones empty', () => {
    const s = { index: 1, elapsedMs: 1500, paused: false, finished: false };
    expect(progressOf(s, 0, 5000)).toBe(1);
    expect(progressOf(s, 1, 3000)).toBe(0.5);
    expect(progressOf(s, 2, 4000)).toBe(0);
  });
  it('resumes at the first chapter not yet viewed, or the start when all were', () => {
    expect(resumeIndex([{ viewed: true }, { viewed: false }])).toBe(1);
    expect(resumeIndex([{ viewed: true }, { viewed: true }])).toBe(0);
  });
});
