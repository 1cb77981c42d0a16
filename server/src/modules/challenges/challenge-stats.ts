import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { Window } from '../ledger/ledger-queries.ts';

/** (day, fan) of every challenge answer in the window: a fragment the dashboard unions with others. */
export const answerActivity = (w: Window) => sql`
  select to_char((created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, user_id
  from challenge_responses
  where organization_id = ${w.organizationId} and created_at >= ${w.from} and created_at < ${w.until}`;

/** Answers per challenge in the window, most answered first (the dashboard's top 30). */
export async function participation(db: Database, w: Window) {
  const result = await sql<{ challengeId: string; name: string; subtype: string; responses: number }>`
    select c.id as challenge_id, c.title as name, c.subtype, count(r.id)::int as responses
    from challenges c
    join challenge_responses r on r.challenge_id = c.id
    where c.organization_id = ${w.organizationId} and r.created_at >= ${w.from} and r.created_at < ${w.until}
    group by c.id, c.title, c.subtype
    order by responses desc, c.title
    limit 30`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    challengeId: String(r.challengeId),
    responses: Number(r.responses),
  }));
}
