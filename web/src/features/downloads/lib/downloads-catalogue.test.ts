import { describe, expect, it } from 'vitest';
import { postersByDate } from './downloads-catalogue.ts';

describe('downloads catalogue', () => {
  it('lists the latest race poster first', () => {
    const posters = [
      { id: 'a', race: 'a', date: '2026-03-29', preview: '', href: '' },
      { id: 'b', race: 'b', date: '2026-09-06', preview: '', href: '' },
      { id: 'c', race: 'c', date: '2026-07-05', preview: '', href: '' },
    ];
    expect(postersByDate(posters).map((p) => p.id)).toEqual(['b', 'c', 'a']);
  });
});
