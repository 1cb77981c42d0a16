import { formatNumber } from '../../../lib/format.ts';
/** The parts of a remaining duration, for the active-boost countdown (product §12.2). */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the end has passed (every part is 0). */
  done: boolean;
}

/** Milliseconds until `endsAt` split into whole days/hours/minutes/seconds; never negative. */
export function countdownParts(endsAt: string | Date, now: number): CountdownParts {
  const end = typeof endsAt === 'string' ? Date.parse(endsAt) : endsAt.getTime();
  const left = Number.isNaN(end) ? 0 : Math.max(0, end - now);
  const total = Math.floor(left / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: left === 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "05:03:09": the clock part under a day, the same in every locale. */
export function clockText(parts: CountdownParts): string {
  return `${pad(parts.hours)}:${pad(parts.minutes)}:${pad(parts.seconds)}`;
}

/** An ISO 8601 duration for `<time dateTime>`, e.g. "P2DT5H3M9S". */
export function isoDuration(parts: CountdownParts): string {
  return `P${parts.days}DT${parts.hours}H${parts.minutes}M${parts.seconds}S`;
}

/** Display a multiplier as a fan reads it: 2 → "×2", 1.5 → "×1.5". */
export function multiplierText(multiplier: number, locale: string): string {
  return `×${formatNumber(multiplier, locale, { maximumFractionDigits: 2 })}`;
}
