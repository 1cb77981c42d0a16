import { sql } from 'kysely';
import type { OrgCall } from '../../platform/service-call.ts';
import { findForOperator } from './challenge-admin-service.ts';

const percent = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 100) : 0);

/**
 * Fans see aggregate results only after answering (product §10.2.1); operators need them
 * whatever they answered themselves, hidden-until-close polls included. Read-only.
 */
export async function challengeResults(call: OrgCall, challengeId: string) {
  const { db } = call;
  await findForOperator(call, challengeId);
  const totals = await sql<{ total: number; completed: number }>`
    select count(*)::int as total, count(*) filter (where status = 'completed')::int as completed
    from challenge_responses where challenge_id = ${challengeId}`.execute(db);
  const options = await sql<{ index: number; text: string; votes: number }>`
    select o.order_index as index, o.text, count(r.id)::int as votes
    from challenge_options o
    left join challenge_responses r on r.challenge_id = o.challenge_id and r.option_index = o.order_index
    where o.challenge_id = ${challengeId} and o.question_id is null
    group by o.order_index, o.text order by o.order_index`.execute(db);
  const questions = await sql<{ questionId: string; text: string; answers: number; correct: number }>`
    select q.id as question_id, q.text, count(a.user_id)::int as answers,
           count(a.user_id) filter (where a.correct)::int as correct
    from challenge_questions q
    left join trivia_answers a on a.question_id = q.id
    where q.challenge_id = ${challengeId}
    group by q.id, q.text, q.order_index order by q.order_index`.execute(db);
  const answered = options.rows.reduce((s, o) => s + o.votes, 0);
  return {
    challengeId,
    totalResponses: totals.rows[0]?.total ?? 0,
    completedResponses: totals.rows[0]?.completed ?? 0,
    options: options.rows.map((o) => ({ ...o, percent: percent(o.votes, answered) })),
    questions: questions.rows.map((q) => ({ ...q, questionId: String(q.questionId) })),
  };
}
