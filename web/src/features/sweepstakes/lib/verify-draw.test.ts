import { drawWinners, hashEntries, hashSeed } from '@paddock/contracts/api/sweepstakes';
import { describe, expect, it } from 'vitest';
import { type PublishedData, verifyPublishedDraw } from './verify-draw.ts';

// The demo seed's shape: a 64-hex seed, 24-hex anonymised entrants, several entries each.
const seed = 'a3f1c2e4b5d6978812345678909abcdeffedcba0987654321a1b2c3d4e5f6071';
const entries = [
  { entrant: '0b7c1d2e3f405162738495a6', count: 5 },
  { entrant: '4c5d6e7f8091a2b3c4d5e6f7', count: 2 },
  { entrant: '9e8d7c6b5a49382716050f1e', count: 8 },
  { entrant: 'c0ffee00112233445566778e', count: 1 },
];
const entriesHash = hashEntries(entries);
const published: PublishedData = {
  drawn: true,
  seedHash: hashSeed(seed),
  seed,
  entriesHash,
  entries,
  winnerCount: 2,
  publishedWinners: drawWinners(seed, entriesHash, entries, 2),
};

describe('verifyPublishedDraw (product §11.12: the draw recomputed in the browser)', () => {
  it('passes every check on an honest published draw and names the announced winners', () => {
    const result = verifyPublishedDraw(published);
    expect(result.state).toBe('done');
    if (result.state !== 'done') return;
    expect(result.checks.map((c) => [c.id, c.pass])).toEqual([
      ['seed', true],
      ['entries', true],
      ['winners', true],
    ]);
    expect(result.verified).toBe(true);
    expect(result.winners).toEqual(published.publishedWinners);
    expect(result.winners).toHaveLength(2);
  });

  it('fails the entry-list check when one entry count is tampered with', () => {
    const tampered = published.entries.map((e, i) => (i === 0 ? { ...e, count: e.count + 1 } : e));
    const result = verifyPublishedDraw({ ...published, entries: tampered });
    if (result.state !== 'done') throw new Error('expected a finished verification');
    expect(result.checks.find((c) => c.id === 'entries')?.pass).toBe(false);
    expect(result.checks.find((c) => c.id === 'seed')?.pass).toBe(true);
    expect(result.verified).toBe(false);
  });

  it('fails the seed check when the revealed seed is not the committed one', () => {
    const result = verifyPublishedDraw({ ...published, seed: `${seed.slice(0, -1)}0` });
    if (result.state !== 'done') throw new Error('expected a finished verification');
    expect(result.checks.find((c) => c.id === 'seed')?.pass).toBe(false);
    expect(result.verified).toBe(false);
  });

  it('fails the winners check when the announced winners differ from the recomputed ones', () => {
    const others = entries.map((e) => e.entrant).filter((e) => !published.publishedWinners.includes(e));
    const result = verifyPublishedDraw({ ...published, publishedWinners: others.slice(0, 2) });
    if (result.state !== 'done') throw new Error('expected a finished verification');
    expect(result.checks.find((c) => c.id === 'winners')?.pass).toBe(false);
    expect(result.verified).toBe(false);
  });

  it('is pending before the draw (no seed revealed yet)', () => {
    expect(
      verifyPublishedDraw({ ...published, drawn: false, seed: null, entriesHash: null, entries: [] }),
    ).toEqual({ state: 'pending' });
  });
});
