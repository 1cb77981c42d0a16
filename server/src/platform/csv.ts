/**
 * One CSV cell of an operator export. A spreadsheet must not run a cell as a formula (CSV
 * injection), so text starting with = + - @ tab or CR gets a leading '. `always` quotes every
 * cell; otherwise only cells holding a quote, comma or line break are quoted.
 */
export function csvCell(value: unknown, quote: 'always' | 'when-needed' = 'when-needed'): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return quote === 'always' || /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
