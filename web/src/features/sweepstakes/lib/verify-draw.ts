import {
  type DrawEntry,
  drawWinners,
  hashEntries,
  hashSeed,
  type SweepstakeVerification,
} from '@paddock/contracts/api/sweepstakes';

export type DrawCheckId = 'seed' | 'entries' | 'winners';

export interface DrawCheck {
  id: DrawCheckId;
  pass: boolean;
  /** What the organiser published. */
  published: string;
  /** What this browser computed from the published data. */
  computed: string;
}

export type BrowserVerification =
  | { state: 'pending' }
  | { state: 'done'; verified: boolean; checks: DrawCheck[]; winners: string[] };

/** The published data the checks use; the server's own `checks`/`winners` are deliberately ignored. */
export type PublishedData = Pick<
  SweepstakeVerification,
  'drawn' | 'seedHash' | 'seed' | 'entriesHash' | 'entries' | 'winnerCount' | 'publishedWinners'
>;

/**
 * The public verification of product §11.12, recomputed in the reader's browser with the same pure
 * functions the server draws with (contracts/src/sweepstake-draw.ts), so trusting the page
 * does not mean trusting the server's verdict: SHA-256(seed) must be the hash committed at
 * opening, SHA-256(canonical entry list) the hash frozen at the draw, and the draw re-run from
 * (seed, entries) must name the announced winners in the announced order.
 */
export function verifyPublishedDraw(data: PublishedData): BrowserVerification {
  if (!data.drawn || data.seed == null || data.entriesHash == null) return { state: 'pending' };
  const entries: DrawEntry[] = data.entries.map((e) => ({ entrant: e.entrant, count: e.count }));
  const seedHash = hashSeed(data.seed);
  const entriesHash = hashEntries(entries);
  const winners = drawWinners(data.seed, data.entriesHash, entries, data.winnerCount);
  const winnersPass =
    winners.length === data.publishedWinners.length &&
    winners.every((w, i) => w === data.publishedWinners[i]);
  const checks: DrawCheck[] = [
    { id: 'seed', pass: seedHash === data.seedHash, published: data.seedHash, computed: seedHash },
    {
      id: 'entries',
      pass: entriesHash === data.entriesHash,
      published: data.entriesHash,
      computed: entriesHash,
    },
    {
      id: 'winners',
      pass: winnersPass,
      published: data.publishedWinners.join(', '),
      computed: winners.join(', '),
    },
  ];
  return { state: 'done', verified: checks.every((c) => c.pass), checks, winners };
}
