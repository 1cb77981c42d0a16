import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

describe('Batcher (group commit for per-request statements)', () => {
  it('runs the items that arrive together as one batch, and answers each its own result in order', async () => {
    const batches: number[][] = [];
    const doubler = new Batcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([doubler.add(1), doubler.add(2), doubler.add(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('holds what arrives while a batch is in flight for the next one, never two in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const batches: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new Batcher<string, string>(async (items) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      batches.push(items);
      if (batches.length === 1) await gate;
      inFlight -= 1;
      return items.map((s) => s.toUpperCase());
    });
    const first = slow.add('a');
    await new Promise((resolve) => setImmediate(resolve));
    const later = [slow.add('b'), slow.add('c')];
    release();
    expect(await Promise.all([first, ...later])).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    expect(most).toBe(1);
  });

  it('fails only the items of a batch that threw, and splits batches at the limit', async () => {
    const sizes: number[] = [];
    const picky = new Batcher<number, number>(async (items) => {
      sizes.push(items.length);
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    }, 2);
    const results = await Promise.allSettled([picky.add(1), picky.add(13), picky.add(3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(sizes).toEqual([2, 1]);
  });
});
