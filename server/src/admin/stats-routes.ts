import { statsQuerySchema, statsSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import { errorResponses } from '../platform/http/schemas.ts';
import { requireOperator } from './operator-guard.ts';

const DAY = 24 * 3600 * 1000;

/** YYYY-MM-DD of an instant in a time zone (en-CA formats as ISO date). */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * Dashboard figures (issue 5): points issued and spent per day, active fans per day (anyone
 * with a ledger row or a challenge answer that day) and participation per challenge. Days are
 * calendar days in the organization's time zone, like the check-in (DESIGN "Check-in").
 */
export async function dashboardStats(
  db: Database,
  organizationId: string,
  timeZone: string,
  days: number,
  now: Date,
) {
  const from = new Date(now.getTime() - days * DAY);
  // Rows stamped by the database a moment after the clock's reading still count as today.
  const until = new Date(now.getTime() + DAY);
  const ledger = await sql<{ day: string; issued: number; spent: number }>`
    select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           coalesce(sum(amount) filter (where amount > 0), 0)::int as issued,
           coalesce(-sum(amount) filter (where amount < 0), 0)::int as spent
    from point_transactions
    where organization_id = ${organizationId} and created_at >= ${from} and created_at < ${until}
    group by 1`.execute(db);
  const active = await sql<{ day: string; fans: number }>`
    select day, count(distinct user_id)::int as fans from (
      select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, user_id
      from point_transactions
      where organization_id = ${organizationId} and created_at >= ${from} and created_at < ${until}
      union all
      select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD'), user_id
      from challenge_responses
      where organization_id = ${organizationId} and created_at >= ${from} and created_at < ${until}
    ) a group by day`.execute(db);
  const participation = await sql<{ challengeId: string; name: string; subtype: string; responses: number }>`
    select c.id as challenge_id, c.title as name, c.subtype, count(r.id)::int as responses
    from challenges c
    join challenge_responses r on r.challenge_id = c.id
    where c.organization_id = ${organizationId} and r.created_at >= ${from} and r.created_at < ${until}
    group by c.id, c.title, c.subtype
    order by responses desc, c.title
    limit 30`.execute(db);
  const fans = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('isAnonymous', '=', false)
    .executeTakeFirstOrThrow();

  const byDay = new Map(ledger.rows.map((r) => [r.day, r]));
  const activeByDay = new Map(active.rows.map((r) => [r.day, r.fans]));
  const series: { day: string; issued: number; spent: number; activeFans: number }[] = [];
  // One entry per calendar day, including quiet days, so charts have an honest x-axis.
  const seen = new Set<string>();
  for (let t = from.getTime(); t <= now.getTime() + DAY; t += DAY / 4) {
    const day = dayIn(new Date(Math.min(t, now.getTime())), timeZone);
    if (seen.has(day)) continue;
    seen.add(day);
    const l = byDay.get(day);
    series.push({ day, issued: l?.issued ?? 0, spent: l?.spent ?? 0, activeFans: activeByDay.get(day) ?? 0 });
  }
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    days: series,
    participation: participation.rows.map((r) => ({
      ...r,
      challengeId: String(r.challengeId),
      responses: Number(r.responses),
    })),
    totals: {
      fans: Number(fans.n),
      issued: series.reduce((s, d) => s + d.issued, 0),
      spent: series.reduce((s, d) => s + d.spent, 0),
    },
  };
}

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin: dashboard'],
        summary: 'Participation per challenge, points issued/spent and active fans per day',
        querystring: statsQuerySchema,
        response: { 200: statsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      const org = request.ctx.organization;
      return dashboardStats(app.deps.db, org.id, org.timeZone, request.query.days, app.deps.clock.now());
    },
  );
};
