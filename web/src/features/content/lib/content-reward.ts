/**
 * Client rules for the watch/read rewards (decision 007): the server pays only after a
 * plausible time since it issued the checksum and answers 422 too_fast with
 * `retryAfterSeconds`; the screen waits that long and claims again, quietly.
 */

import type { ContentRefusal } from '@paddock/contracts/api/content';

const TOO_FAST: ContentRefusal = 'too_fast';
/** The page's checksum is stale or not the fan's: a fresh one fixes it. */
const STALE_PAGE: readonly string[] = ['checksum_expired', 'invalid_checksum'] satisfies ContentRefusal[];

export interface RewardErrorLike {
  status?: number;
  code?: string;
  body?: unknown;
}

export type RewardRetry = { kind: 'wait'; ms: number } | { kind: 'refresh' } | { kind: 'give_up' };

/** What to do after a refused claim. */
export function nextStepAfterRefusal(error: RewardErrorLike): RewardRetry {
  if (error.status === 422 && error.code === TOO_FAST) {
    const body = (error.body ?? {}) as { retryAfterSeconds?: unknown };
    const seconds =
      typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds > 0 ? body.retryAfterSeconds : 5;
    // A quarter second of slack so the retry lands after the server's threshold, not on it.
    return { kind: 'wait', ms: Math.min(seconds, 60) * 1000 + 250 };
  }
  // A stale page: fetch a fresh checksum and claim once more.
  if (error.status === 422 && STALE_PAGE.includes(error.code ?? '')) {
    return { kind: 'refresh' };
  }
  return { kind: 'give_up' };
}

/**
 * The embeddable player URL for an external video ('youtube' / 'vimeo'), or null when the URL is
 * not one we recognise (then the fan gets a plain link).
 */
export function embedUrl(src: string, type: 'file' | 'youtube' | 'vimeo'): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (type === 'youtube') {
    const id =
      url.hostname === 'youtu.be'
        ? url.pathname.slice(1)
        : url.pathname.startsWith('/embed/')
          ? url.pathname.slice('/embed/'.length)
          : url.searchParams.get('v');
    return id && /^[\w-]{6,20}$/.test(id)
      ? `https://www.youtube-nocookie.com/embed/${id}?playsinline=1`
      : null;
  }
  if (type === 'vimeo') {
    const id = /(\d{5,12})/.exec(url.pathname)?.[1];
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** "4:05" from seconds, for video durations. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
