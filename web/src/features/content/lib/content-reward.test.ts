import { describe, expect, it } from 'vitest';
import { embedUrl, formatDuration, nextStepAfterRefusal } from './content-reward.ts';

describe('claiming a watch or read reward', () => {
  it('waits as long as the server says when claimed too fast, plus a little slack', () => {
    expect(nextStepAfterRefusal({ status: 422, code: 'too_fast', body: { retryAfterSeconds: 4 } })).toEqual({
      kind: 'wait',
      ms: 4250,
    });
  });
  it('waits 5 s when the server gives no delay, and never more than a minute', () => {
    expect(nextStepAfterRefusal({ status: 422, code: 'too_fast', body: {} })).toEqual({
      kind: 'wait',
      ms: 5250,
    });
    expect(nextStepAfterRefusal({ status: 422, code: 'too_fast', body: { retryAfterSeconds: 900 } })).toEqual(
      {
        kind: 'wait',
        ms: 60_250,
      },
    );
  });
  it('fetches a fresh checksum when the page is stale', () => {
    expect(nextStepAfterRefusal({ status: 422, code: 'checksum_expired' })).toEqual({ kind: 'refresh' });
    expect(nextStepAfterRefusal({ status: 422, code: 'invalid_checksum' })).toEqual({ kind: 'refresh' });
  });
  it('gives up on anything else', () => {
    expect(nextStepAfterRefusal({ status: 500, code: 'internal' })).toEqual({ kind: 'give_up' });
    expect(nextStepAfterRefusal({ status: 404, code: 'not_found' })).toEqual({ kind: 'give_up' });
  });
});

describe('external players', () => {
  it('embeds YouTube watch, short and embed links without cookies', () => {
    const out = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1';
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube')).toBe(out);
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ', 'youtube')).toBe(out);
    expect(embedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube')).toBe(out);
  });
  it('embeds Vimeo links and refuses what it does not recognise', () => {
    expect(embedUrl('https://vimeo.com/76979871', 'vimeo')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedUrl('not a url', 'youtube')).toBeNull();
    expect(embedUrl('https://www.youtube.com/watch?v=<script>', 'youtube')).toBeNull();
  });
  it('formats durations as minutes and seconds', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(5)).toBe('0:05');
  });
});
