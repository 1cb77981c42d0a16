import { unprocessable } from '../../platform/errors.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  award,
  badRequest,
  ledgerDescription,
  openResponse,
} from './answer-common.ts';

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
  const response = await openResponse(db, challenge.id, userId);
  const option = await pickedOption(ctx, body.questionId, body.responseIndex);
  const answer = {
    organizationId: org.id,
    challengeId: challenge.id,
    questionId: body.questionId,
    userId,
    optionIndex: option.orderIndex,
    correct: option.isCorrect,
    points: 0,
    version: 1,
    answeredAt: now,
  };
  // The first answer, or a changed one (its version counts the changes, so each is paid under
  // its own once key); the same option again changes nothing and writes nothing.
  const written = await db
    .insertInto('triviaAnswers')
    .values(answer)
    .onConflict((oc) =>
      oc
        .columns(['questionId', 'userId'])
        .doUpdateSet((eb) => ({
          optionIndex: answer.optionIndex,
          correct: answer.correct,
          points: 0,
          version: eb('triviaAnswers.version', '+', 1),
          answeredAt: now,
        }))
        .where('triviaAnswers.optionIndex', '<>', answer.optionIndex),
    )
    .returning('version')
    .executeTakeFirst();
  if (!written) return { correct: null, points: 0 };
  const paid = await scoreIfComplete(ctx, response);
  if (paid === null) return { correct: null, points: 0 };
  return { correct: option.isCorrect, points: paid };
}

/** The option picked, read with its question in one statement: 422 when either is not this quiz's. */
async function pickedOption(ctx: AnswerContext, questionId: string, responseIndex: number) {
  const row = await ctx.db
    .selectFrom('challengeQuestions')
    .leftJoin('challengeOptions', (join) =>
      join
        .onRef('challengeOptions.questionId', '=', 'challengeQuestions.id')
        .on('challengeOptions.orderIndex', '=', responseIndex),
    )
    .select(['challengeOptions.orderIndex', 'challengeOptions.isCorrect'])
    .where('challengeQuestions.id', '=', questionId)
    .where('challengeQuestions.challengeId', '=', ctx.challenge.id)
    .executeTakeFirst();
  if (!row) throw unprocessable('invalid_question', 'That question is not part of this quiz');
  const { orderIndex, isCorrect } = row;
  if (orderIndex === null || isCorrect === null) {
    throw unprocessable('invalid_option', 'That option is not part of this question');
  }
  return { orderIndex, isCorrect };
}

/**
 * Records the quiz's progress; once every question has an answer, pays each correct one (a
 * once-only key per question and answer version, so a retried request cannot pay twice) and
 * answers the total paid. Null while the quiz is still in progress. `response` is the fan's
 * response row as read under their lock at the start of this transaction.
 */
async function scoreIfComplete(
  ctx: AnswerContext,
  response: { id: string } | undefined,
): Promise<number | null> {
  const { db, challenge, userId, now } = ctx;
  // Every question with the fan's answer to it, if any, in one statement.
  const questions = await db
    .selectFrom('challengeQuestions')
    .leftJoin('triviaAnswers', (join) =>
      join
        .onRef('triviaAnswers.questionId', '=', 'challengeQuestions.id')
        .on('triviaAnswers.userId', '=', userId),
    )
    .leftJoin('challengeOptions', (join) =>
      join
        .onRef('challengeOptions.questionId', '=', 'triviaAnswers.questionId')
        .onRef('challengeOptions.orderIndex', '=', 'triviaAnswers.optionIndex'),
    )
    .select([
      'challengeQuestions.id as questionId',
      'challengeQuestions.orderIndex',
      'triviaAnswers.version',
      'challengeOptions.isCorrect',
      'challengeOptions.points',
    ])
    .where('challengeQuestions.challengeId', '=', challenge.id)
    .orderBy('challengeQuestions.orderIndex')
    .execute();
  const complete = questions.every((q) => q.version !== null && q.isCorrect !== null);
  let total = 0;
  if (complete) {
    for (const a of questions) {
      const paid = a.isCorrect
        ? await award(
            ctx,
            a.points ?? 0,
            `trivia:${a.questionId}:v${a.version}`,
            `${ledgerDescription(challenge)} (Q${a.orderIndex + 1})`,
          )
        : 0;
      total += paid;
      await db
        .updateTable('triviaAnswers')
        .set({ points: paid })
        .where('questionId', '=', a.questionId)
        .where('userId', '=', userId)
        .execute();
    }
  }
  const progress = {
    status: complete ? ('completed' as const) : ('in_progress' as const),
    pointsAwarded: total,
    completedAt: complete ? now : null,
  };
  if (response) {
    await db.updateTable('challengeResponses').set(progress).where('id', '=', response.id).execute();
  } else {
    await db
      .insertInto('challengeResponses')
      .values({ organizationId: ctx.org.id, challengeId: challenge.id, userId, createdAt: now, ...progress })
      .execute();
  }
  return complete ? total : null;
}
