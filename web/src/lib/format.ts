/** Dates and numbers formatted for the fan's locale (product §13.6). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatDate(
  iso: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, options).format(date);
}

export function formatDateTime(iso: string, locale: string) {
  return formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
}
