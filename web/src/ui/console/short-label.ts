/**
 * A chart's axis label cut to `max` characters at a word boundary, with an ellipsis so it reads
 * as shortened, not broken (not "Pick our Las V"). The full text stays in the
 * chart's tooltip and the list beside it.
 */
export function shortLabel(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  // The cut ends a word when the next character is a space.
  const space = clean[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.:;–-]+$/, '')}…`;
}
