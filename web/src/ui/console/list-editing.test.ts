import { describe, expect, it } from 'vitest';
import { moveItem, removeAt, replaceAt } from './list-editing.tsx';

describe('console list editing', () => {
  const list = ['a', 'b', 'c'];

  it('moves an item up or down and stops at either end', () => {
    expect(moveItem(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 1)).toEqual(list);
  });

  it('patches or removes one item and leaves the list it was given alone', () => {
    const rows = [{ n: 1 }, { n: 2 }];
    expect(replaceAt(rows, 1, { n: 5 })).toEqual([{ n: 1 }, { n: 5 }]);
    expect(removeAt(rows, 0)).toEqual([{ n: 2 }]);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
