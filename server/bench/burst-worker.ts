/**
 * A burst of poll answers for `npm run bench:realtime`, in its own process like the race-day
 * load generator (load-worker.ts): `amount` answers to one poll as fast as `connections`
 * connections allow, answer n from fan n (each fan answers once, so every answer is a first one
 * that pays and announces). Prints one JSON object (`BurstResult`) on stdout.
 *
 * Usage: node --import tsx server/bench/burst-worker.ts <spec.json>
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface BurstSpec {
  baseUrl: string;
  organizationKey: string;
  tokensFile: string;
  challengeId: string;
  amount: number;
  connections: number;
}

export interface BurstResult {
  answers: number;
  seconds: number;
  rps: number;
  p99: number;
  /** Epoch ms when the last answer had been answered. */
  finishedAt: number;
  /** Epoch ms of the last successful (2xx) answer: the last one that could change the tally. */
  lastOkAt: number | null;
  /** Successful answers per second (2xx only: a 503 shed under overload serves nobody). */
  servedRps: number;
  statusCodes: Record<string, number>;
  errors: number;
}

async function main() {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BurstSpec;
  const tokens = JSON.parse(readFileSync(spec.tokensFile, 'utf8')) as string[];
  let n = 0;
  let lastOkAt: number | null = null;
  let lastAt: number | null = null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        amount: spec.amount,
        timeout: 10,
        requests: [
          {
            setupRequest: (req) => {
              const fan = n++ % tokens.length;
              return {
                ...req,
                method: 'POST',
                path: `/api/challenge/${spec.challengeId}`,
                headers: {
                  authorization: `Bearer ${tokens[fan]}`,
                  'x-organization-token': spec.organizationKey,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({ responseIndex: fan % 3 }),
              };
            },
            onResponse: (status: number) => {
              lastAt = Date.now();
              if (status >= 200 && status < 300) lastOkAt = lastAt;
            },
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stat as { count: number }).count;
  }
  // From the first request to the last response: autocannon's own duration runs to its next
  // one-second sample tick after the last answer, up to a second (8 % of a 13 s burst) too long.
  const seconds = lastAt === null ? result.duration : (lastAt - result.start.getTime()) / 1000;
  const out: BurstResult = {
    answers: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p99: result.latency.p99,
    finishedAt: Date.now(),
    lastOkAt,
    servedRps:
      Object.entries(statusCodes)
        .filter(([code]) => code.startsWith('2'))
        .reduce((sum, [, count]) => sum + count, 0) / seconds,
    statusCodes,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
