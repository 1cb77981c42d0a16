/** Product §9: the under-18 cutoff. */
export const ADULT_AGE = 18;

/** Whole years between an ISO date (YYYY-MM-DD) and `today` (also YYYY-MM-DD, the caller's calendar). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/**
 * Product §5: underage is an age below 18 computed from the birthday. A fan without a birthday
 * is treated as underage until they give one, so age-gated areas stay closed by default.
 */
export function isUnderage(birthday: string | null | undefined, today: string): boolean {
  if (!birthday) return true;
  return ageOn(birthday, today) < ADULT_AGE;
}

/** Today's calendar date (YYYY-MM-DD) in an IANA time zone. */
// Building an Intl.DateTimeFormat costs far more than formatting with one, and hot paths ask
// for today's date on every request (docs/benchmark.md): one formatter per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function calendarDate(at: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
