import { unprocessable } from '../../platform/errors.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  award,
  badRequest,
  existingResponse,
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
  await openResponse(db, challenge.id, userId);
  const question = await db
    .selectFrom('challengeQuestions')
    .selectAll()
    .where('id', '=', body.questionId)
    .where('challengeId', '=', challenge.id)
    .executeTakeFirst();
  if (!question) throw unprocessable('invalid_question', 'That question is not part of this quiz');
  const option = await db
    .selectFrom('challengeOptions')
    .selectAll()
    .where('questionId', '=', question.id)
    .where('orderIndex', '=', body.responseIndex)
    .executeTakeFirst();
  if (!option) throw unprocessable('invalid_option', 'That option is not part of this question');

  const previous = await db
    .selectFrom('triviaAnswers')
    .selectAll()
    .where('questionId', '=', question.id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (previous?.optionIndex === option.orderIndex) return { correct: null, points: 0 };
  const answer = {
    organizationId: org.id,
    challengeId: challenge.id,
    questionId: question.id,
    userId,
    optionIndex: option.orderIndex,
    correct: option.isCorrect,
    points: 0,
    version: (previous?.version ?? 0) + 1,
    answeredAt: now,
  };
  if (previous) {
    await db
      .updateTable('triviaAnswers')
      .set(answer)
      .where('questionId', '=', question.id)
      .where('userId', '=', userId)
      .execute();
  } else {
    await db.insertInto('triviaAnswers').values(answer).execute();
  }
  const paid = await scoreIfComplete(ctx);
  if (paid === null) return { correct: null, points: 0 };
  return { correct: option.isCorrect, points: paid };
}

/**
 * Records the quiz's progress; once every question has an answer, pays each correct one (a
 * once-only key per question and answer version, so a retried request cannot pay twice) and
 * answers the total paid. Null while the quiz is still in progress.
 */
async function scoreIfComplete(ctx: AnswerContext): Promise<number | null> {
  const { db, challenge, userId, now } = ctx;
  const questions = await db
    .selectFrom('challengeQuestions')
    .select(['id', 'orderIndex'])
    .where('challengeId', '=', challenge.id)
    .execute();
  const answers = await db
    .selectFrom('triviaAnswers')
    .innerJoin('challengeOptions', (join) =>
      join
        .onRef('challengeOptions.questionId', '=', 'triviaAnswers.questionId')
        .onRef('challengeOptions.orderIndex', '=', 'triviaAnswers.optionIndex'),
    )
    .select([
      'triviaAnswers.questionId',
      'triviaAnswers.version',
      'challengeOptions.isCorrect',
      'challengeOptions.points',
    ])
    .where('triviaAnswers.challengeId', '=', challenge.id)
    .where('triviaAnswers.userId', '=', userId)
    .execute();
  const complete = answers.length >= questions.length;
  let total = 0;
  if (complete) {
    for (const a of answers) {
      const number = (questions.find((q) => q.id === a.questionId)?.orderIndex ?? 0) + 1;
      const paid = a.isCorrect
        ? await award(
            ctx,
            a.points,
            `trivia:${a.questionId}:v${a.version}`,
            `${ledgerDescription(challenge)} (Q${number})`,
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
  const existing = await existingResponse(db, challenge.id, userId);
  const progress = {
    status: complete ? ('completed' as const) : ('in_progress' as const),
    pointsAwarded: total,
    completedAt: complete ? now : null,
  };
  if (existing) {
    await db.updateTable('challengeResponses').set(progress).where('id', '=', existing.id).execute();
  } else {
    await db
      .insertInto('challengeResponses')
      .values({ organizationId: ctx.org.id, challengeId: challenge.id, userId, createdAt: now, ...progress })
      .execute();
  }
  return complete ? total : null;
}
