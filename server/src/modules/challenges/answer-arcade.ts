import type { ArcadeAttempt } from '@paddock/contracts/api/challenges';
import { unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { isUntimed } from '../profile/profile-service.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  badRequest,
  completeAndPay,
  lockFanAndFindAnswerable,
  ledgerDescription,
  openResponse,
} from './answer-common.ts';
import {
  ARCADE,
  arcadePoints,
  randomLightsOutAfterMs,
  signAttemptToken,
  untimedArcadePoints,
  verifyAttemptToken,
} from './arcade-attempt.ts';

/**
 * POST /challenge/{id} for an arcade run: the reaction time with the signed attempt it belongs
 * to. The attempt is burnt whatever the verdict (one score per signed start); an implausible
 * score is refused after that bookkeeping commits.
 */
export async function answerArcade(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { db, challenge, body, userId, now, org } = ctx;
  // Untimed mode is the fan's stored setting, never a flag the client sends (product §10.2.4 item 4).
  const untimed = await isUntimed(db, org.id, userId);
  if (!body.attemptToken || (!untimed && typeof body.response !== 'number')) {
    throw badRequest('response (reaction time in ms) and attemptToken are required for this challenge');
  }
  await openResponse(db, challenge.id, userId);
  const implausible = (why: string) => unprocessable('implausible_score', why);
  const attemptId = verifyAttemptToken(ctx.appSecret, body.attemptToken, {
    organizationId: org.id,
    challengeId: challenge.id,
    userId,
  });
  if (!attemptId) throw implausible('This attempt token is not valid; start a new attempt');
  const attempt = await db
    .selectFrom('arcadeAttempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('userId', '=', userId)
    .where('challengeId', '=', challenge.id)
    .forUpdate()
    .executeTakeFirst();
  if (!attempt || attempt.usedAt)
    throw implausible('This attempt has already been used; start a new attempt');
  // Burn the attempt whatever the verdict: one score per signed start.
  await db.updateTable('arcadeAttempts').set({ usedAt: now }).where('id', '=', attempt.id).execute();
  if (untimed) {
    if (now.getTime() > new Date(attempt.expiresAt).getTime()) {
      return {
        correct: null,
        points: 0,
        refusal: implausible('This attempt has expired; start a new attempt'),
      };
    }
    const points = untimedArcadePoints(challenge.settings.arcadeBrackets ?? []);
    const { paid, response } = await completeAndPay(
      ctx,
      {},
      points,
      `${ledgerDescription(challenge)} (untimed)`,
    );
    return { correct: null, points: paid, known: { response } };
  }
  const reaction = Math.round(body.response as number);
  const elapsed = now.getTime() - new Date(attempt.issuedAt).getTime();
  let why: string | null = null;
  if (now.getTime() > new Date(attempt.expiresAt).getTime())
    why = 'This attempt has expired; start a new attempt';
  else if (!Number.isFinite(body.response) || reaction < ARCADE.minReactionMs)
    why = 'Jump start: no one reacts that fast';
  else if (reaction > ARCADE.maxReactionMs) why = 'That reaction time is too slow to count';
  else if (elapsed < attempt.lightsOutAfterMs + reaction)
    why = 'That score arrived before the lights went out';
  if (why) return { correct: null, points: 0, refusal: implausible(why) };

  const points = arcadePoints(challenge.settings.arcadeBrackets ?? [], reaction);
  const { paid, response } = await completeAndPay(
    ctx,
    { score: reaction },
    points,
    `${ledgerDescription(challenge)} (${reaction} ms)`,
  );
  return { correct: null, points: paid, known: { response } };
}

/** POST /challenge/{id}/attempt: a signed, single-use arcade start. */
export async function startArcadeAttempt(
  call: FanCall,
  challengeId: string,
  appSecret: string,
): Promise<ArcadeAttempt> {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const { challenge } = await lockFanAndFindAnswerable(trx, challengeId);
    if (challenge.subtype !== 'arcade') {
      throw unprocessable('invalid_challenge', 'Only arcade challenges have attempts');
    }
    await openResponse(db, challenge.id, call.userId);
    const lightsOutAfterMs = randomLightsOutAfterMs();
    const untimed = await isUntimed(db, call.org.id, call.userId);
    const expiresAt = new Date(call.now.getTime() + (untimed ? ARCADE.untimedTtlMs : ARCADE.ttlMs));
    const row = await db
      .insertInto('arcadeAttempts')
      .values({
        organizationId: call.org.id,
        challengeId: challenge.id,
        userId: call.userId,
        issuedAt: call.now,
        expiresAt,
        lightsOutAfterMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      attemptToken: signAttemptToken(appSecret, {
        organizationId: call.org.id,
        challengeId: challenge.id,
        userId: call.userId,
        attemptId: row.id,
      }),
      issuedAt: call.now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      lightsOutAfterMs,
    };
  });
}
