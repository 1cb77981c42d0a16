import { sql } from 'kysely';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { unprocessable } from '../../platform/errors.ts';
import { type AnswerContext, type AnswerOutcome, badRequest, ledgerDescription } from './answer-common.ts';
import type { OwnTriviaAnswer } from './challenge-fan-answers.ts';
import { postAwards } from '../ledger/ledger-awards.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import type { KnownViewData } from './challenge-views.ts';

/**
 * Product §10.2.5: while the quiz is in progress an answer is only recorded (no verdict, no
 * points) and may be changed freely, since the fan does not yet know which option is right. The
 * answer to the last open question completes the quiz: every answer is scored and paid once, the
 * right answers are revealed, and the quiz is locked (a further answer is 422 already_answered).
 * Paying only at completion keeps the balance from giving a verdict away either.
 */
export async function answerTrivia(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { db, challenge, body, userId, now, org } = ctx;
  if (!body.questionId || body.responseIndex === undefined) {
    throw badRequest('questionId and responseIndex are required for a trivia question');
  }
  // The first answer, or a changed one (its version counts the changes, so each is paid under
  // its own once key); the same option again changes nothing and writes nothing. The statement
  // also reads what the answer is judged by (decision 036, amendment of 2026-12-07: one round
  // trip fewer), and writes only an answer that passes (judgedAnswer).
  const { rows: questions } = await recordAnswerStatement(db, {
    organizationId: org.id,
    challengeId: challenge.id,
    questionId: body.questionId,
    userId,
    optionIndex: body.responseIndex,
    answeredAt: now,
  });
  const judged = judgedAnswer(questions[0]);
  if (!judged.wrote) return { correct: null, points: 0, votes: { newFan: false } };
  const response = judged.responseId ? { id: judged.responseId } : undefined;
  const { paid, known } = await scoreIfComplete(ctx, response, questions);
  // The answer now counts for its option, no longer for the one it changed from; the quiz's
  // response row is written with the fan's first answer, so without one the fan is new.
  const votes = {
    add: `${body.questionId}:${body.responseIndex}`,
    ...(judged.previousIndex == null ? {} : { remove: `${body.questionId}:${judged.previousIndex}` }),
    newFan: !response,
  };
  if (paid === null) return { correct: null, points: 0, known, votes };
  return { correct: judged.pickedCorrect, points: paid, known, votes };
}

/**
 * The answer as its statement judged it under the fan's lock, or its refusal: 422
 * already_answered once the quiz is complete, then invalid_question and invalid_option when the
 * question or the option is not this quiz's, in that order. The statement wrote nothing then.
 */
function judgedAnswer(row: QuizProgress | undefined) {
  // A quiz always has questions (validation): no row means none of them.
  if (!row) throw unprocessable('invalid_question', 'That question is not part of this quiz');
  if (row.responseStatus === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  if (!row.questionFound) throw unprocessable('invalid_question', 'That question is not part of this quiz');
  const { pickedCorrect } = row;
  if (row.pickedIndex == null || pickedCorrect == null) {
    throw unprocessable('invalid_option', 'That option is not part of this question');
  }
  return { ...row, pickedCorrect };
}

/**
 * Records the quiz's progress; once every question has an answer, pays each correct one (a
 * once-only key per question and answer version, so a retried request cannot pay twice) and
 * answers the total paid. `paid` is null while the quiz is still in progress. `response` is the
 * fan's response row as read under their lock at the start of this transaction. `known` is the
 * fan's answers and response as this transaction leaves them, for presenting the quiz without
 * reading them again.
 */
async function scoreIfComplete(
  ctx: AnswerContext,
  response: { id: string } | undefined,
  questions: readonly QuizProgress[],
): Promise<{ paid: number | null; known: KnownViewData }> {
  const { db, challenge, userId, now } = ctx;
  const complete = questions.every((q) => q.version !== null && q.isCorrect !== null);
  const triviaAnswers = new Map<string, OwnTriviaAnswer>();
  for (const q of questions) {
    if (q.answeredIndex == null || q.answeredCorrect == null) continue;
    triviaAnswers.set(q.questionId, {
      optionIndex: q.answeredIndex,
      correct: q.answeredCorrect,
      points: q.answeredPoints ?? 0,
    });
  }
  // Every correct answer is paid once, all in one statement: a once key per question and answer
  // version, so a retried request cannot pay twice.
  const paidByQuestion = complete ? await payCorrectAnswers(ctx, questions) : new Map<string, number>();
  let total = 0;
  const paidAnswers: Record<string, number> = {};
  if (complete) {
    for (const a of questions) {
      const points = paidByQuestion.get(a.questionId) ?? 0;
      total += points;
      const answer = triviaAnswers.get(a.questionId);
      if (answer) answer.points = points;
      paidAnswers[a.questionId] = points;
    }
  }
  const progress = {
    status: complete ? ('completed' as const) : ('in_progress' as const),
    pointsAwarded: total,
    completedAt: complete ? now : null,
  };
  // The response row exists only in progress (a completed quiz was refused above) and says so
  // from the fan's first answer (in progress, 0 points, not completed): only the first answer and
  // the one that completes the quiz write here, every other answer writes nothing.
  if (!response || complete) {
    await writeProgress(db, {
      responseId: response?.id ?? null,
      organizationId: ctx.org.id,
      challengeId: challenge.id,
      userId,
      createdAt: now,
      ...progress,
      answers: JSON.stringify(paidAnswers),
    });
  }
  // A trivia response row carries only its progress (no option, text, score or verdict).
  const ownResponse = {
    challengeId: challenge.id,
    optionIndex: null,
    responseText: null,
    score: null,
    correct: null,
    ...progress,
  };
  return { paid: complete ? total : null, known: { response: ownResponse, triviaAnswers } };
}

/** The points each correct answer was paid, by question (a wrong one, or one worth 0, pays nothing). */
async function payCorrectAnswers(ctx: AnswerContext, questions: readonly QuizProgress[]) {
  const { db, challenge, org, userId, now } = ctx;
  const correct = questions.filter((a) => a.isCorrect && (a.points ?? 0) > 0);
  const amounts = await postAwards(
    db,
    {
      organizationId: org.id,
      userId,
      kind: 'challenge',
      reference: challenge.id,
      at: now,
      earning: 'challenges',
    },
    correct.map((a) => ({
      amount: a.points ?? 0,
      onceKey: `trivia:${a.questionId}:v${a.version}`,
      description: `${ledgerDescription(challenge)} (Q${a.orderIndex + 1})`,
    })),
    bestActiveBoost,
  );
  return new Map(correct.map((a, i) => [a.questionId, amounts[i] ?? 0]));
}

/**
 * Every question of the quiz with the fan's answer to it as the answer just recorded leaves it,
 * whether the answer was written (`wrote`: false for the same option again, nothing changed),
 * and on every row what the answer is judged by (judgedAnswer).
 */
type QuizProgress = Awaited<ReturnType<typeof recordAnswerStatement>>['rows'][number];

/**
 * answerTrivia's one statement under the fan's lock, compiled once (decision 036): it reads the
 * fan's response (`own`), the picked question and option (`picked`) and the fan's answer to that
 * question so far (`previous`); writes the answer only when the quiz is not complete and the
 * option is the question's; and reads the quiz's progress. The write is a data-modifying CTE,
 * whose row the statement's own reads of `trivia_answers` do not see (they read the snapshot the
 * statement began with), so each question takes the written row where there is one and the
 * stored answer otherwise.
 */
const recordAnswerStatement = compiledStatement(
  ['organizationId', 'challengeId', 'questionId', 'userId', 'optionIndex', 'answeredAt'],
  (db, v) =>
    db
      .with('own', (qb) =>
        qb
          .selectFrom('challengeResponses')
          .select(['challengeResponses.id', 'challengeResponses.status'])
          .where('challengeResponses.challengeId', '=', v.challengeId)
          .where('challengeResponses.userId', '=', v.userId),
      )
      .with('picked', (qb) =>
        qb
          .selectFrom('challengeQuestions')
          .leftJoin('challengeOptions', (join) =>
            join
              .onRef('challengeOptions.questionId', '=', 'challengeQuestions.id')
              .on('challengeOptions.orderIndex', '=', v.optionIndex),
          )
          .select([
            'challengeQuestions.id as questionId',
            'challengeOptions.orderIndex',
            'challengeOptions.isCorrect',
          ])
          .where('challengeQuestions.id', '=', v.questionId)
          .where('challengeQuestions.challengeId', '=', v.challengeId),
      )
      .with('previous', (qb) =>
        qb
          .selectFrom('triviaAnswers')
          .select('triviaAnswers.optionIndex')
          .where('triviaAnswers.questionId', '=', v.questionId)
          .where('triviaAnswers.userId', '=', v.userId),
      )
      .with('written', (qb) =>
        qb
          .insertInto('triviaAnswers')
          .columns([
            'organizationId',
            'challengeId',
            'questionId',
            'userId',
            'optionIndex',
            'correct',
            'points',
            'version',
            'answeredAt',
          ])
          .expression((eb) =>
            eb
              .selectFrom('picked')
              .select([
                // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
                sql<string>`${v.organizationId}::uuid`.as('organizationId'),
                sql<string>`${v.challengeId}::uuid`.as('challengeId'),
                'picked.questionId',
                sql<string>`${v.userId}::uuid`.as('userId'),
                'picked.orderIndex',
                'picked.isCorrect',
                sql.lit(0).as('points'),
                sql.lit(1).as('version'),
                sql<Date>`${v.answeredAt}::timestamptz`.as('answeredAt'),
              ])
              .where('picked.isCorrect', 'is not', null)
              .where((w) =>
                w.not(
                  w.exists(
                    w.selectFrom('own').select('own.id').where('own.status', '=', sql.lit('completed')),
                  ),
                ),
              ),
          )
          .onConflict((oc) =>
            oc
              .columns(['questionId', 'userId'])
              .doUpdateSet((eb) => ({
                optionIndex: eb.ref('excluded.optionIndex'),
                correct: eb.ref('excluded.correct'),
                points: eb.lit(0),
                version: eb('triviaAnswers.version', '+', eb.lit(1)),
                answeredAt: eb.ref('excluded.answeredAt'),
              }))
              .where('triviaAnswers.optionIndex', '<>', (eb) => eb.ref('excluded.optionIndex')),
          )
          .returning(['questionId', 'optionIndex', 'correct', 'points', 'version']),
      )
      .selectFrom('challengeQuestions')
      .leftJoin('triviaAnswers as stored', (join) =>
        join.onRef('stored.questionId', '=', 'challengeQuestions.id').on('stored.userId', '=', v.userId),
      )
      .leftJoin('written', 'written.questionId', 'challengeQuestions.id')
      .leftJoin('challengeOptions', (join) =>
        join
          .onRef('challengeOptions.questionId', '=', 'challengeQuestions.id')
          .on((eb) =>
            eb(
              'challengeOptions.orderIndex',
              '=',
              eb.fn.coalesce('written.optionIndex', 'stored.optionIndex'),
            ),
          ),
      )
      .select((eb) => [
        'challengeQuestions.id as questionId',
        'challengeQuestions.orderIndex',
        eb.fn.coalesce('written.version', 'stored.version').as('version'),
        eb.fn.coalesce('written.optionIndex', 'stored.optionIndex').as('answeredIndex'),
        eb.fn.coalesce('written.correct', 'stored.correct').as('answeredCorrect'),
        eb.fn.coalesce('written.points', 'stored.points').as('answeredPoints'),
        'challengeOptions.isCorrect',
        'challengeOptions.points',
        eb.exists(eb.selectFrom('written').select('written.version')).as('wrote'),
        eb.selectFrom('own').select('own.id').as('responseId'),
        eb.selectFrom('own').select('own.status').as('responseStatus'),
        eb.exists(eb.selectFrom('picked').select('picked.questionId')).as('questionFound'),
        eb.selectFrom('picked').select('picked.orderIndex').as('pickedIndex'),
        eb.selectFrom('picked').select('picked.isCorrect').as('pickedCorrect'),
        eb.selectFrom('previous').select('previous.optionIndex').as('previousIndex'),
      ])
      .where('challengeQuestions.challengeId', '=', v.challengeId)
      .orderBy('challengeQuestions.orderIndex'),
);

/** The columns of the fan's response that the quiz's progress writes. */
const PROGRESS_COLUMNS = [
  'organizationId',
  'challengeId',
  'userId',
  'createdAt',
  'status',
  'pointsAwarded',
  'completedAt',
] as const;

/**
 * scoreIfComplete's write of the quiz's progress, compiled once: the fan's response (inserted
 * with the first answer when `responseId` is null, updated otherwise) and what each answer was
 * paid (`answers`: a JSON object of points by question id, empty until the quiz completes), in
 * one statement instead of one per question.
 */
const writeProgress = compiledStatement([...PROGRESS_COLUMNS, 'responseId', 'answers'], (db, v) =>
  db
    .with('updatedProgress', (qb) =>
      qb
        .updateTable('challengeResponses')
        .set({ status: v.status, pointsAwarded: v.pointsAwarded, completedAt: v.completedAt })
        .where('id', '=', v.responseId)
        .returning('id'),
    )
    .with('insertedProgress', (qb) =>
      qb
        .insertInto('challengeResponses')
        .columns([...PROGRESS_COLUMNS])
        .expression(
          qb
            .selectNoFrom([
              // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
              sql<string>`${v.organizationId}::uuid`.as('organizationId'),
              sql<string>`${v.challengeId}::uuid`.as('challengeId'),
              sql<string>`${v.userId}::uuid`.as('userId'),
              sql<Date>`${v.createdAt}::timestamptz`.as('createdAt'),
              sql<string>`${v.status}::text`.as('status'),
              sql<number>`${v.pointsAwarded}::int`.as('pointsAwarded'),
              sql<Date | null>`${v.completedAt}::timestamptz`.as('completedAt'),
            ])
            .where(sql<boolean>`${v.responseId}::uuid is null`),
        )
        .returning('id'),
    )
    .updateTable('triviaAnswers')
    .set({
      points: sql<number>`(${v.answers}::jsonb ->> ${sql.ref('triviaAnswers.questionId')}::text)::int`,
    })
    .where('triviaAnswers.challengeId', '=', v.challengeId)
    .where(sql<boolean>`${v.answers}::jsonb ->> ${sql.ref('triviaAnswers.questionId')}::text is not null`)
    .where('triviaAnswers.userId', '=', v.userId),
);
