/**
 * Seeds a benchmark organization straight in SQL: N fans with one pre-hashed password, one
 * session each, and a season of history (10 check-ins and 20 ledger rows per fan) whose sum is
 * the fan's balance, so the ledger invariant (decision 005) holds from the first request, and
 * the milestone badges that history earned (season participation, the 7-day streak).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../src/auth/passwords.ts';
import type { SessionTokens } from '../src/auth/session-tokens.ts';
import { tokenDigest } from '../src/auth/verified-tokens.ts';
import type { Database } from '../src/db/engine.ts';
import { ensureMilestoneBadges } from '../src/modules/rewards/badge-milestones.ts';
import { seedOrganization } from '../src/seed/organization-seed.ts';

/**
 * Fan n's id, computable in SQL and in pgbench scripts alike: md5('bench-fan-' || n) shaped as
 * a version-4 UUID (the API's schemas accept only RFC 4122 ids).
 */
export const fanIdSql = (n: string) =>
  `overlay(overlay(md5('bench-fan-' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

/** fanIdSql's value for fan `n`, computed here (the statement replay tells a fan's id in a parameter). */
export function fanId(n: number): string {
  const hex = createHash('md5').update(`bench-fan-${n}`).digest('hex').split('');
  hex[12] = '4';
  hex[16] = '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const HISTORY_CHECKINS = 10;
export const HISTORY_AWARDS = 10;
export const CHECKIN_POINTS = 10;
export const AWARD_POINTS = 90;
/** Fans whose ledger lines go in one statement (see seedBench). */
const LEDGER_BATCH = 1_000;
export const SEASON_BALANCE = HISTORY_CHECKINS * CHECKIN_POINTS + HISTORY_AWARDS * AWARD_POINTS;

export interface BenchSeed {
  organizationId: string;
  publishableKey: string;
  /** One access token per fan, in fan order. */
  fanTokens: string[];
  operatorToken: string;
  seconds: number;
  tokenSeconds: number;
}

export async function seedBench(db: Database, tokens: SessionTokens, fans: number): Promise<BenchSeed> {
  const started = performance.now();
  const org = await seedOrganization(db, { slug: 'bench', name: 'Bench Racing' });
  // One hash for every fan: argon2 is slow on purpose, and the bench never signs in by password.
  const passwordHash = await hashPassword('bench-password-2026');
  await sql`
    insert into users (id, organization_id, email, encrypted_password, email_confirmed_at, app_metadata,
                       user_metadata, properties, first_name, last_name, birthday, country, onboarded_at,
                       points, lifetime_points, referral_code, created_at, updated_at)
    select ${sql.raw(fanIdSql('g'))}, ${org.id}, 'fan' || g || '@bench.local', ${passwordHash}, now(),
           '{"provider":"email","providers":["email"]}', '{}', '{}', 'Fan', 'Number ' || g, '1990-01-01',
           'GB', now(), ${sql.lit(SEASON_BALANCE)}, ${sql.lit(SEASON_BALANCE)}, 'BENCH' || g, now() - interval '200 days', now()
    from generate_series(1, ${fans}::int) g`.execute(db);
  // Check-ins 40..31 days ago: history to read, but no live streak, so today is still open.
  await sql`
    insert into checkins (organization_id, user_id, day, streak, points, created_at)
    select ${org.id}, ${sql.raw(fanIdSql('g'))}, current_date - (30 + k), ${HISTORY_CHECKINS + 1} - k,
           ${sql.lit(CHECKIN_POINTS)}, now() - (30 + k) * interval '1 day'
    from generate_series(1, ${fans}::int) g, generate_series(1, ${sql.lit(HISTORY_CHECKINS)}) k`.execute(db);
  // The badges those ten days in a row granted (product §12.3), as the product would have: a
  // race-day check-in is a returning fan's, whose grant of them finds them held. A fan's first
  // check-in of the season, which grants the participation badge, is the rarer and dearer case.
  await db.transaction().execute((trx) => ensureMilestoneBadges(trx, org.id));
  await sql`
    insert into user_badges (organization_id, user_id, badge_id, earned_at, how, reference)
    select ${org.id}, ${sql.raw(fanIdSql('g'))}, m.badge_id, now() - interval '31 days', 'milestone', m.key
    from generate_series(1, ${fans}::int) g, milestone_badges m
    where m.organization_id = ${org.id} and m.key in ('season_participation', 'streak_7')`.execute(db);
  // The ledger in batches of fans, the board's statistics refreshed after each: the ledger
  // trigger keeps the leaderboard (decision 025), and its cached plans, made while the board was
  // empty, would otherwise scan the whole board for every line (quadratic: 7,500 fans took over
  // ten minutes in one statement).
  for (let from = 1; from <= fans; from += LEDGER_BATCH) {
    const to = Math.min(fans, from + LEDGER_BATCH - 1);
    await sql`
      insert into point_transactions (organization_id, user_id, amount, kind, reference, description, once_key, created_at)
      select ${org.id}, ${sql.raw(fanIdSql('g'))},
             case when k <= ${sql.lit(HISTORY_CHECKINS)} then ${sql.lit(CHECKIN_POINTS)} else ${sql.lit(AWARD_POINTS)} end,
             case when k <= ${sql.lit(HISTORY_CHECKINS)} then 'checkin' else 'challenge' end, null,
             case when k <= ${sql.lit(HISTORY_CHECKINS)} then 'Daily check-in' else 'Season challenge ' || k end,
             'season:' || k, now() - (30 + k) * interval '1 day' + g * interval '1 millisecond'
      from generate_series(${from}::int, ${to}::int) g,
           generate_series(1, ${sql.lit(HISTORY_CHECKINS + HISTORY_AWARDS)}) k`.execute(db);
    await sql`analyze leaderboard_scores`.execute(db);
  }
  await sql`
    insert into sessions (organization_id, user_id, aal, amr)
    select ${org.id}, id, 'aal1', jsonb_build_array(jsonb_build_object('method', 'password',
           'timestamp', extract(epoch from now())::bigint))
    from users where organization_id = ${org.id}`.execute(db);
  const operator = await db
    .insertInto('users')
    .values({
      organizationId: org.id,
      email: 'operator@bench.local',
      encryptedPassword: passwordHash,
      appMetadata: JSON.stringify({ provider: 'email', roles: ['admin'] }),
      userMetadata: '{}',
      properties: '{}',
      birthday: '1990-01-01',
      onboardedAt: new Date(),
      referralCode: 'BENCHOPS',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sql`analyze`.execute(db);
  const seconds = (performance.now() - started) / 1000;

  const mintStarted = performance.now();
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where('email', 'like', 'fan%@bench.local')
    .execute();
  const sessions = new Map(
    (
      await db
        .selectFrom('sessions')
        .select(['id', 'userId', 'amr'])
        .where('organizationId', '=', org.id)
        .execute()
    ).map((s) => [s.userId, s]),
  );
  const byNumber = rows.sort((a, b) => fanNumber(a.email) - fanNumber(b.email));
  const fanTokens: string[] = [];
  const digests: { id: string; digest: string }[] = [];
  for (const user of byNumber) {
    const session = sessions.get(user.id)!;
    const amr = typeof session.amr === 'string' ? JSON.parse(session.amr) : session.amr;
    const { token } = await tokens.signAccessToken(user, { id: session.id, aal: 'aal1', amr });
    fanTokens.push(token);
    digests.push({ id: session.id, digest: tokenDigest(token).stored });
  }
  // What a sign-in writes with its token (decision 038), in batches: the sessions keep it.
  for (let i = 0; i < digests.length; i += LEDGER_BATCH) {
    const batch = digests.slice(i, i + LEDGER_BATCH);
    await sql`
      update sessions set access_token_digest = v.digest
      from unnest(${batch.map((d) => d.id)}::uuid[], ${batch.map((d) => d.digest)}::text[]) as v(id, digest)
      where sessions.id = v.id`.execute(db);
  }
  const operatorSession = await tokens.createSession(db, operator, { amr: 'password' });
  return {
    organizationId: org.id,
    publishableKey: org.publishableKey,
    fanTokens,
    operatorToken: operatorSession.access_token,
    seconds,
    tokenSeconds: (performance.now() - mintStarted) / 1000,
  };
}

function fanNumber(email: string | null) {
  return Number(/^fan(\d+)@/.exec(email ?? '')?.[1] ?? 0);
}
