import { describe, expect, it } from 'vitest';
import { shortLabel } from './short-label.ts';

describe('chart axis labels', () => {
  it('keeps a short label as it is', () => {
    expect(shortLabel('Driver of the Day', 20)).toBe('Driver of the Day');
  });
  it('cuts a long one at a word with an ellipsis, never mid-word', () => {
    expect(shortLabel('Pick our Las Vegas night-race livery', 15)).toBe('Pick our Las…');
    expect(shortLabel('Which tyre for the opening stint?', 15)).toBe('Which tyre for…');
  });
  it('cuts a single long word where it must', () => {
    expect(shortLabel('Supercalifragilistic', 8)).toBe('Superca…');
  });
});
