/**
 * Dates and numbers formatted for the fan's locale (product §13.6). Building an Intl formatter
 * costs far more than using one (the dashboard built one per number and date on every render:
 * its largest JavaScript cost after React in a profile at 4× CPU), so each locale and options
 * pair builds one, once.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n|${locale}|${options ? JSON.stringify(options) : ''}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${locale}|${options ? JSON.stringify(options) : ''}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

export function formatDate(
  iso: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, options).format(date);
}

export function formatDateTime(iso: string, locale: string) {
  return formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Builds the formatters a first screen uses, ahead of it. The first Intl formatter of a page
 * loads the engine's locale data: ~30 ms in a profile on a fast machine, four times that on the
 * phone Lighthouse models, all inside the first render (decision 021). Boot calls this while it
 * waits for the network, when the main thread has nothing else to do.
 */
export function warmFormatters(locale: string) {
  numberFormat(locale);
  dateTimeFormat(locale, { dateStyle: 'medium' });
}
