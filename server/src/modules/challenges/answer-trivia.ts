import { unprocessable } from '../../platform/errors.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  award,
  badRequest,
  existingResponse,
  ledgerDescription,
} from './answer-common.ts';

/**
 * Product §4: a trivia answer may be changed; a previously correct answer is reversed and the new
 * one paid if correct, as new ledger rows (never an edit). Each answer version has its own
 * once-only keys, so a retried request cannot pay or reverse twice.
 */
export async function answerTrivia(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { db, challenge, body, userId, now, org } = ctx;
  if (!body.questionId || body.responseIndex === undefined) {
    throw badRequest('questionId and responseIndex are required for a trivia question');
  }
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
  const points = option.isCorrect ? option.points : 0;
  if (previous?.optionIndex === option.orderIndex) {
    return { correct: previous.correct, points: previous.points };
  }
  const version = (previous?.version ?? 0) + 1;
  if (previous && previous.points > 0) {
    await postPoints(db, {
      organizationId: org.id,
      userId,
      amount: -previous.points,
      kind: 'reversal',
      reference: challenge.id,
      description: `Trivia answer changed: ${challenge.title} (Q${question.orderIndex + 1})`,
      onceKey: `trivia:${question.id}:v${previous.version}:reversal`,
    });
  }
  const paid = await award(
    ctx,
    points,
    `trivia:${question.id}:v${version}`,
    `${ledgerDescription(challenge)} (Q${question.orderIndex + 1})`,
  );
  const answer = {
    organizationId: org.id,
    challengeId: challenge.id,
    questionId: question.id,
    userId,
    optionIndex: option.orderIndex,
    correct: option.isCorrect,
    points: paid,
    version,
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
  await recordQuizProgress(ctx);
  return { correct: option.isCorrect, points: paid };
}

/** The quiz's response row follows its answers: points earned so far, complete once all are answered. */
async function recordQuizProgress(ctx: AnswerContext) {
  const { db, challenge, userId, now } = ctx;
  const [{ answered, earned } = { answered: 0, earned: 0 }] = await db
    .selectFrom('triviaAnswers')
    .select((eb) => [
      eb.fn.countAll<number>().as('answered'),
      eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('earned'),
    ])
    .where('challengeId', '=', challenge.id)
    .where('userId', '=', userId)
    .execute();
  const total = await db
    .selectFrom('challengeQuestions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('challengeId', '=', challenge.id)
    .executeTakeFirstOrThrow();
  const complete = Number(answered) >= Number(total.n);
  const existing = await existingResponse(db, challenge.id, userId);
  const progress = {
    status: complete ? ('completed' as const) : ('in_progress' as const),
    pointsAwarded: Number(earned),
    completedAt: complete ? (existing?.completedAt ?? now) : null,
  };
  if (existing) {
    await db.updateTable('challengeResponses').set(progress).where('id', '=', existing.id).execute();
  } else {
    await db
      .insertInto('challengeResponses')
      .values({ organizationId: ctx.org.id, challengeId: challenge.id, userId, createdAt: now, ...progress })
      .execute();
  }
}
