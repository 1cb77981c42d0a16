/**
 * npm run bench — race-day writes (check-in, poll answer, sweepstake entry) through the real
 * HTTP API, against the raw database limit for the same ledger write on the same machine.
 *
 * Database: BENCH_DATABASE_URL (or DATABASE_URL) → that PostgreSQL; otherwise an in-memory
 * PGlite. Knobs: BENCH_FANS (default 300), BENCH_CONCURRENCY (default 50).
 * Prints figures; asserts nothing but the ledger invariant at the end.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { generatePrivateJwk } from '../src/auth/signing-keys.ts';
import { createDeps } from '../src/bootstrap.ts';
import { parseEnv } from '../src/config.ts';
import { newReferralCode } from '../src/modules/referral/referral-code.ts';
import { seedOrganization } from '../src/seed/organization-seed.ts';

const FANS = Number(process.env.BENCH_FANS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

interface Figures {
  name: string;
  count: number;
  ok: number;
  seconds: number;
  latencies: number[];
}

async function runPool(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<boolean>,
): Promise<Omit<Figures, 'name'>> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const t0 = performance.now();
        if (await task(i)) ok++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { count, ok, seconds: (performance.now() - started) / 1000, latencies };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(f: Figures) {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const rate = f.count / f.seconds;
  console.log(
    `${f.name.padEnd(34)} ${String(f.ok).padStart(5)}/${String(f.count).padEnd(5)} ok  ${rate.toFixed(0).padStart(6)} req/s  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
}

async function main() {
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: path.join(tmpdir(), `paddock-bench-${randomUUID()}`),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const secrets = { jwtPrivateJwk: await generatePrivateJwk(), appSecret: 'b'.repeat(64) };
  const { deps, database } = await createDeps(env, { secrets, dataDirForDb: null });
  const app = await buildApp(deps, { serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = deps;
  console.log(
    `Paddock bench on ${database.engine}${databaseUrl ? ` (${new URL(databaseUrl).host})` : ''}: ${FANS} fans, concurrency ${CONCURRENCY}\n`,
  );

  const org = await seedOrganization(db, { slug: `bench-${randomUUID().slice(0, 8)}`, name: 'Bench Racing' });
  const now = new Date();
  const adult = '1990-01-01';
  const operator = await db
    .insertInto('users')
    .values({
      organizationId: org.id,
      email: `ops-${randomUUID()}@bench.local`,
      appMetadata: JSON.stringify({ roles: ['admin'] }),
      userMetadata: '{}',
      properties: '{}',
      birthday: adult,
      onboardedAt: now,
      referralCode: newReferralCode(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const fans = await db
    .insertInto('users')
    .values(
      Array.from({ length: FANS }, (_, i) => ({
        organizationId: org.id,
        email: `fan-${i}-${randomUUID().slice(0, 6)}@bench.local`,
        appMetadata: '{}',
        userMetadata: '{}',
        properties: '{}',
        firstName: 'Bench',
        birthday: adult,
        onboardedAt: now,
        referralCode: newReferralCode(),
      })),
    )
    .returningAll()
    .execute();
  const tokens: string[] = [];
  for (const fan of fans)
    tokens.push((await deps.tokens.createSession(db, fan, { amr: 'password' })).access_token);
  const opToken = (await deps.tokens.createSession(db, operator, { amr: 'password' })).access_token;

  const call = (token: string, method: string, url: string, body?: unknown) =>
    fetch(`${address}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-token': org.publishableKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  type Created = { id?: string; challengeId?: string; sweepstakeId?: string };
  const poll = (await (
    await call(opToken, 'POST', '/api/admin/challenges', {
      subtype: 'poll',
      title: 'Who wins on Sunday?',
      visibleFrom: new Date(now.getTime() - 60_000).toISOString(),
      expiresOn: new Date(now.getTime() + 86_400_000).toISOString(),
      options: [
        { text: 'Car 1', points: 10 },
        { text: 'Car 2', points: 10 },
      ],
    })
  ).json()) as Created;
  const sweep = (await (
    await call(opToken, 'POST', '/api/admin/sweepstakes', {
      title: 'Signed helmet',
      prize: 'A signed race helmet',
      startsAt: new Date(now.getTime() - 60_000).toISOString(),
      endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
      costPerEntry: 5,
    })
  ).json()) as Created;
  if (!poll.challengeId && !poll.id) throw new Error(`Could not create the poll: ${JSON.stringify(poll)}`);
  if (!sweep.sweepstakeId && !sweep.id)
    throw new Error(`Could not create the sweepstake: ${JSON.stringify(sweep)}`);
  const pollId = poll.challengeId ?? poll.id;
  const sweepId = sweep.sweepstakeId ?? sweep.id;

  const figures: Figures[] = [];
  const scenario = async (name: string, task: (i: number) => Promise<boolean>) => {
    const f = { name, ...(await runPool(FANS, CONCURRENCY, task)) };
    figures.push(f);
    report(f);
  };

  await scenario('GET /api/user/me', async (i) => (await call(tokens[i]!, 'GET', '/api/user/me')).ok);
  await scenario('POST /api/checkin', async (i) => (await call(tokens[i]!, 'POST', '/api/checkin', {})).ok);
  await scenario(
    'POST /api/challenge/{poll}',
    async (i) => (await call(tokens[i]!, 'POST', `/api/challenge/${pollId}`, { responseIndex: i % 2 })).ok,
  );
  await scenario(
    'POST /api/sweepstake/{id}/entry',
    async (i) => (await call(tokens[i]!, 'POST', `/api/sweepstake/${sweepId}/entry`, { count: 1 })).ok,
  );

  // The raw limit: the same ledger write (insert + guarded balance update) in one transaction,
  // straight to the database with no HTTP, validation or auth in front.
  await scenario('raw ledger write (no HTTP)', async (i) => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into point_transactions (organization_id, user_id, amount, kind, description)
                values (${org.id}, ${fans[i]!.id}, 1, 'bench', 'Bench write')`.execute(trx);
      await sql`update users set points = points + 1, lifetime_points = lifetime_points + 1
                where id = ${fans[i]!.id} and points + 1 >= 0`.execute(trx);
    });
    return true;
  });

  const mismatched = await sql<{ n: number }>`
    select count(*)::int as n from users u
    where u.organization_id = ${org.id}
      and u.points <> coalesce((select sum(amount) from point_transactions t where t.user_id = u.id), 0)`.execute(
    db,
  );
  console.log(
    `\nledger check: ${mismatched.rows[0]?.n === 0 ? 'every balance equals its ledger' : `${mismatched.rows[0]?.n} balances differ from the ledger`}`,
  );
  const memory = process.memoryUsage();
  console.log(
    `memory: rss ${(memory.rss / 1048576).toFixed(0)} MB, heap used ${(memory.heapUsed / 1048576).toFixed(0)} MB`,
  );

  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
