/**
 * The reads of `npm run bench:leaderboard`, run as their own process (as the main bench's load
 * generator is, load-worker.ts): a fan's client never shares the server's event loop and heap,
 * and in one process the client's fetch, JSON parsing and garbage made the server's tail.
 * Fetches one board `reads` times at `concurrency`, rotating over the fans' tokens, checks
 * every answer, and prints one JSON object on stdout.
 *
 * Usage: node --import tsx server/bench/leaderboard-reader.ts <spec.json>
 */
import { readFileSync } from 'node:fs';

export interface ReaderSpec {
  address: string;
  organizationKey: string;
  tokens: string[];
  /** `user/me` or a leaderboard board. */
  board: string;
  reads: number;
  concurrency: number;
  /** Entries every board answer must hold. */
  entries: number;
}

export interface ReaderResult {
  /** Milliseconds, sorted. */
  latencies: number[];
  seconds: number;
  positions: number[];
}

/** One read; the fan's own position on a board (null on user/me or off the board). */
export async function readOnce(spec: ReaderSpec, i: number): Promise<number | null> {
  const path = spec.board === 'user/me' ? '/api/user/me' : `/api/leaderboard/${spec.board}`;
  const res = await fetch(`${spec.address}${path}`, {
    headers: {
      authorization: `Bearer ${spec.tokens[i % spec.tokens.length]}`,
      'x-organization-token': spec.organizationKey,
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`bad answer ${res.status}: ${text.slice(0, 300)}`);
  if (spec.board === 'user/me') return null;
  const body = JSON.parse(text) as { me: { position: number | null }; entries: unknown[] };
  if (body.entries.length !== spec.entries) throw new Error(`${body.entries.length} entries`);
  return body.me.position;
}

async function main() {
  const spec = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as ReaderSpec;
  const read = (i: number) => readOnce(spec, i);
  for (let i = 0; i < 20; i++) await read(i); // warm-up: connections, the server's caches
  const latencies: number[] = [];
  const positions: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= spec.reads) return;
        const t0 = performance.now();
        const position = await read(i);
        latencies.push(performance.now() - t0);
        if (position) positions.push(position);
      }
    }),
  );
  const result: ReaderResult = {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - started) / 1000,
    positions,
  };
  console.log(JSON.stringify(result));
}

// Run as a script (not when the bench imports readOnce for BENCH_CLIENT=same-process).
if (process.argv[1]?.endsWith('leaderboard-reader.ts'))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
