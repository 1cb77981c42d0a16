import { type ChallengeSubtype, normaliseKeyword } from '@paddock/contracts';
import type { ArcadeAttempt, ChallengeAnswerBody, ChallengeHistory } from '@paddock/contracts/api/challenges';
import type { Kysely } from 'kysely';
import type { DB, Organization } from '../../db/schema.ts';
import { AppError, notFound, unauthorized, unprocessable } from '../../platform/errors.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import {
  ARCADE,
  arcadePoints,
  randomLightsOutAfterMs,
  signAttemptToken,
  verifyAttemptToken,
} from './arcade-attempt.ts';
import { type ChallengeRow, presentChallenges } from './challenge-views.ts';

/** A wrong keyword may be retried this many times in all; the last wrong guess closes it (see answerKeyword). */
export const KEYWORD_MAX_ATTEMPTS = 5;

const badRequest = (message: string) => new AppError(400, 'validation_failed', message);

/** Whether `id` is listed in the organization's hidden challenge ids (SPEC §7: excluded from the list). */
function hiddenIds(org: Organization): Set<string> {
  return new Set(org.settings.hiddenChallengeIds ?? []);
}

/**
 * The logged-off dashboard (SPEC §1, §6): an anonymous caller may read challenges only when the
 * organization enables it; otherwise 401 like every fan-only call.
 */
export function assertMayRead(org: Organization, userId: string | null) {
  if (userId == null && !org.settings.loggedOffDashboard) throw unauthorized();
}

const isExpired = (row: ChallengeRow, now: Date) =>
  row.expiresOn != null && new Date(row.expiresOn).getTime() <= now.getTime();

/** GET /challenge: visible (visibleFrom ≤ now, not archived, not hidden); expired ones stay listed. */
export async function listChallenges(
  db: Kysely<DB>,
  org: Organization,
  userId: string | null,
  now: Date,
  subtype?: ChallengeSubtype,
) {
  let query = db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where('archivedAt', 'is', null)
    .where('visibleFrom', '<=', now)
    .orderBy('visibleFrom', 'desc')
    .orderBy('id');
  if (subtype) query = query.where('subtype', '=', subtype);
  const hidden = hiddenIds(org);
  const rows = (await query.execute()).filter((r) => !hidden.has(r.id));
  return presentChallenges(db, userId, rows, now);
}

/** A challenge the fan may see: this organization's, not archived, already visible. Else 404. */
async function findVisible(db: Kysely<DB>, orgId: string, id: string, now: Date) {
  const row = await db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', orgId)
    .where('id', '=', id)
    .where('archivedAt', 'is', null)
    .executeTakeFirst();
  if (!row || new Date(row.visibleFrom).getTime() > now.getTime()) throw notFound('Challenge');
  return row;
}

export async function getChallenge(
  db: Kysely<DB>,
  org: Organization,
  userId: string | null,
  id: string,
  now: Date,
) {
  const row = await findVisible(db, org.id, id, now);
  const [view] = await presentChallenges(db, userId, [row], now);
  return view as NonNullable<typeof view>;
}

/** Serialises every answer of one fan: the user row lock is held until commit (see postPoints). */
async function lockFan(trx: Kysely<DB>, orgId: string, userId: string) {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('organizationId', '=', orgId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Loads a challenge for answering: 404 when unknown/archived, 422 outside its window. */
async function findAnswerable(trx: Kysely<DB>, orgId: string, id: string, now: Date) {
  const row = await trx
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', orgId)
    .where('id', '=', id)
    .where('archivedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Challenge');
  if (new Date(row.visibleFrom).getTime() > now.getTime()) {
    throw unprocessable('challenge_not_visible', 'This challenge has not opened yet');
  }
  if (isExpired(row, now)) throw unprocessable('challenge_expired', 'This challenge has closed');
  return row;
}

interface AnswerContext {
  trx: Kysely<DB>;
  org: Organization;
  userId: string;
  challenge: ChallengeRow;
  body: ChallengeAnswerBody;
  now: Date;
  appSecret: string;
}

interface AnswerOutcome {
  correct: boolean | null;
  points: number;
  /**
   * A refusal whose bookkeeping must still be committed (a burnt arcade attempt, a counted
   * wrong keyword): thrown after the transaction commits instead of rolling it back.
   */
  refusal?: AppError;
}

async function existingResponse(trx: Kysely<DB>, challengeId: string, userId: string) {
  return trx
    .selectFrom('challengeResponses')
    .selectAll()
    .where('challengeId', '=', challengeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

function ledgerDescription(row: ChallengeRow) {
  const label: Record<string, string> = {
    poll: 'Poll',
    pickem: "Pick'em",
    arcade: 'Arcade',
    trivia: 'Trivia',
    keyword: 'Keyword',
  };
  return `${label[row.subtype] ?? 'Challenge'}: ${row.title}`;
}

/**
 * Posts an award and answers the amount actually posted: the ledger may adjust an award (a
 * boost), and reversals must take back exactly what was paid.
 */
async function award(
  ctx: AnswerContext,
  points: number,
  onceKey: string,
  description?: string,
): Promise<number> {
  if (points <= 0) return 0;
  const result = await postPoints(ctx.trx, {
    organizationId: ctx.org.id,
    userId: ctx.userId,
    amount: points,
    kind: 'challenge',
    reference: ctx.challenge.id,
    description: description ?? ledgerDescription(ctx.challenge),
    onceKey,
    at: ctx.now,
    earning: 'challenges',
  });
  return result.applied ? result.amount : 0;
}

async function answerPoll(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { trx, challenge, body, userId, now } = ctx;
  if (body.responseIndex === undefined) throw badRequest('responseIndex is required for this challenge');
  if ((await existingResponse(trx, challenge.id, userId))?.status === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  const option = await trx
    .selectFrom('challengeOptions')
    .selectAll()
    .where('challengeId', '=', challenge.id)
    .where('questionId', 'is', null)
    .where('orderIndex', '=', body.responseIndex)
    .executeTakeFirst();
  if (!option) throw unprocessable('invalid_option', 'That option is not part of this challenge');
  // A poll pays its option's points on answering; a pick'em pays only at settlement.
  const points = challenge.subtype === 'poll' ? option.points : 0;
  await trx
    .insertInto('challengeResponses')
    .values({
      organizationId: ctx.org.id,
      challengeId: challenge.id,
      userId,
      status: 'completed',
      optionIndex: option.orderIndex,
      pointsAwarded: points,
      createdAt: now,
      completedAt: now,
    })
    .execute();
  const paid = await award(ctx, points, `challenge:${challenge.id}`);
  if (paid !== points) await setPointsAwarded(trx, challenge.id, userId, paid);
  return { correct: null, points: paid };
}

async function setPointsAwarded(trx: Kysely<DB>, challengeId: string, userId: string, points: number) {
  await trx
    .updateTable('challengeResponses')
    .set({ pointsAwarded: points })
    .where('challengeId', '=', challengeId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * Keyword decision: a wrong keyword is NOT recorded as the answer at once. Fans type what they
 * heard on the broadcast, and a typo should not cost them the points, so they may retry; but
 * each wrong guess is counted and the KEYWORD_MAX_ATTEMPTS-th closes the challenge as an
 * incorrect answer, so the word cannot be brute-forced. Every wrong guess answers 422
 * wrong_keyword with `attemptsLeft`.
 */
async function answerKeyword(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { trx, challenge, body, userId, now } = ctx;
  if (typeof body.response !== 'string' || body.response.trim() === '') {
    throw badRequest('response (the keyword) is required for this challenge');
  }
  const existing = await existingResponse(trx, challenge.id, userId);
  if (existing?.status === 'completed')
    throw unprocessable('already_answered', 'You have already answered this challenge');
  const keyword = challenge.settings.keyword ?? '';
  const right = keyword !== '' && normaliseKeyword(body.response) === normaliseKeyword(keyword);
  const wrongAttempts = (existing?.wrongAttempts ?? 0) + (right ? 0 : 1);
  const closes = right || wrongAttempts >= KEYWORD_MAX_ATTEMPTS;
  const points = right ? (challenge.settings.points ?? 0) : 0;
  const values = {
    status: closes ? ('completed' as const) : ('in_progress' as const),
    responseText: body.response.trim().slice(0, 100),
    correct: closes ? right : null,
    pointsAwarded: points,
    wrongAttempts,
    completedAt: closes ? now : null,
  };
  if (existing) {
    await trx.updateTable('challengeResponses').set(values).where('id', '=', existing.id).execute();
  } else {
    await trx
      .insertInto('challengeResponses')
      .values({ organizationId: ctx.org.id, challengeId: challenge.id, userId, createdAt: now, ...values })
      .execute();
  }
  if (right) {
    const paid = await award(ctx, points, `challenge:${challenge.id}`);
    if (paid !== points) await setPointsAwarded(trx, challenge.id, userId, paid);
    return { correct: true, points: paid };
  }
  const attemptsLeft = KEYWORD_MAX_ATTEMPTS - wrongAttempts;
  return {
    correct: false,
    points: 0,
    refusal: unprocessable(
      'wrong_keyword',
      attemptsLeft > 0
        ? `That is not the keyword; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`
        : 'That is not the keyword, and that was your last try',
      { attemptsLeft },
    ),
  };
}

async function answerArcade(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { trx, challenge, body, userId, now, org } = ctx;
  if (typeof body.response !== 'number' || !body.attemptToken) {
    throw badRequest('response (reaction time in ms) and attemptToken are required for this challenge');
  }
  if ((await existingResponse(trx, challenge.id, userId))?.status === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  const implausible = (why: string) => unprocessable('implausible_score', why);
  const attemptId = verifyAttemptToken(ctx.appSecret, body.attemptToken, {
    organizationId: org.id,
    challengeId: challenge.id,
    userId,
  });
  if (!attemptId) throw implausible('This attempt token is not valid; start a new attempt');
  const attempt = await trx
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
  await trx.updateTable('arcadeAttempts').set({ usedAt: now }).where('id', '=', attempt.id).execute();
  const reaction = Math.round(body.response);
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
  await trx
    .insertInto('challengeResponses')
    .values({
      organizationId: org.id,
      challengeId: challenge.id,
      userId,
      status: 'completed',
      score: reaction,
      pointsAwarded: points,
      createdAt: now,
      completedAt: now,
    })
    .execute();
  const paid = await award(
    ctx,
    points,
    `challenge:${challenge.id}`,
    `${ledgerDescription(challenge)} (${reaction} ms)`,
  );
  if (paid !== points) await setPointsAwarded(trx, challenge.id, userId, paid);
  return { correct: null, points: paid };
}

/**
 * SPEC §4: a trivia answer may be changed; a previously correct answer is reversed and the new
 * one paid if correct, as new ledger rows (never an edit). Each answer version has its own
 * once-only keys, so a retried request cannot pay or reverse twice.
 */
async function answerTrivia(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { trx, challenge, body, userId, now, org } = ctx;
  if (!body.questionId || body.responseIndex === undefined) {
    throw badRequest('questionId and responseIndex are required for a trivia question');
  }
  const question = await trx
    .selectFrom('challengeQuestions')
    .selectAll()
    .where('id', '=', body.questionId)
    .where('challengeId', '=', challenge.id)
    .executeTakeFirst();
  if (!question) throw unprocessable('invalid_question', 'That question is not part of this quiz');
  const option = await trx
    .selectFrom('challengeOptions')
    .selectAll()
    .where('questionId', '=', question.id)
    .where('orderIndex', '=', body.responseIndex)
    .executeTakeFirst();
  if (!option) throw unprocessable('invalid_option', 'That option is not part of this question');

  const previous = await trx
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
    await postPoints(trx, {
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
    await trx
      .updateTable('triviaAnswers')
      .set(answer)
      .where('questionId', '=', question.id)
      .where('userId', '=', userId)
      .execute();
  } else {
    await trx.insertInto('triviaAnswers').values(answer).execute();
  }

  const [{ answered, earned } = { answered: 0, earned: 0 }] = await trx
    .selectFrom('triviaAnswers')
    .select((eb) => [
      eb.fn.countAll<number>().as('answered'),
      eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('earned'),
    ])
    .where('challengeId', '=', challenge.id)
    .where('userId', '=', userId)
    .execute();
  const total = await trx
    .selectFrom('challengeQuestions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('challengeId', '=', challenge.id)
    .executeTakeFirstOrThrow();
  const complete = Number(answered) >= Number(total.n);
  const existing = await existingResponse(trx, challenge.id, userId);
  if (existing) {
    await trx
      .updateTable('challengeResponses')
      .set({
        status: complete ? 'completed' : 'in_progress',
        pointsAwarded: Number(earned),
        completedAt: complete ? (existing.completedAt ?? now) : null,
      })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await trx
      .insertInto('challengeResponses')
      .values({
        organizationId: org.id,
        challengeId: challenge.id,
        userId,
        status: complete ? 'completed' : 'in_progress',
        pointsAwarded: Number(earned),
        createdAt: now,
        completedAt: complete ? now : null,
      })
      .execute();
  }
  return { correct: option.isCorrect, points: paid };
}

/** POST /challenge/{id}: one transaction; refusals that carry bookkeeping are thrown after commit. */
export async function answerChallenge(
  db: Kysely<DB>,
  input: {
    org: Organization;
    userId: string;
    challengeId: string;
    body: ChallengeAnswerBody;
    now: Date;
    appSecret: string;
  },
) {
  const outcome = await db.transaction().execute(async (trx) => {
    await lockFan(trx, input.org.id, input.userId);
    const challenge = await findAnswerable(trx, input.org.id, input.challengeId, input.now);
    const ctx: AnswerContext = { trx, challenge, ...input };
    switch (challenge.subtype) {
      case 'poll':
      case 'pickem':
        return answerPoll(ctx);
      case 'keyword':
        return answerKeyword(ctx);
      case 'arcade':
        return answerArcade(ctx);
      case 'trivia':
        return answerTrivia(ctx);
      default:
        throw unprocessable('invalid_challenge', `Unknown challenge subtype ${challenge.subtype}`);
    }
  });
  if (outcome.refusal) throw outcome.refusal;
  const challenge = await getChallenge(db, input.org, input.userId, input.challengeId, input.now);
  return { correct: outcome.correct, points: outcome.points, completed: challenge.completed, challenge };
}

/** POST /challenge/{id}/attempt: a signed, single-use arcade start. */
export async function startArcadeAttempt(
  db: Kysely<DB>,
  input: { org: Organization; userId: string; challengeId: string; now: Date; appSecret: string },
): Promise<ArcadeAttempt> {
  return db.transaction().execute(async (trx) => {
    await lockFan(trx, input.org.id, input.userId);
    const challenge = await findAnswerable(trx, input.org.id, input.challengeId, input.now);
    if (challenge.subtype !== 'arcade') {
      throw unprocessable('invalid_challenge', 'Only arcade challenges have attempts');
    }
    if ((await existingResponse(trx, challenge.id, input.userId))?.status === 'completed') {
      throw unprocessable('already_answered', 'You have already answered this challenge');
    }
    const lightsOutAfterMs = randomLightsOutAfterMs();
    const expiresAt = new Date(input.now.getTime() + ARCADE.ttlMs);
    const row = await trx
      .insertInto('arcadeAttempts')
      .values({
        organizationId: input.org.id,
        challengeId: challenge.id,
        userId: input.userId,
        issuedAt: input.now,
        expiresAt,
        lightsOutAfterMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      attemptToken: signAttemptToken(input.appSecret, {
        organizationId: input.org.id,
        challengeId: challenge.id,
        userId: input.userId,
        attemptId: row.id,
      }),
      issuedAt: input.now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      lightsOutAfterMs,
    };
  });
}

/** GET /challenge/{id}/history: aggregate results (when allowed) and the fan's own answers. */
export async function challengeHistory(
  db: Kysely<DB>,
  org: Organization,
  userId: string,
  id: string,
  now: Date,
): Promise<ChallengeHistory> {
  const view = await getChallenge(db, org, userId, id, now);
  const [response, answers, earned] = await Promise.all([
    existingResponse(db, id, userId),
    db
      .selectFrom('triviaAnswers')
      .selectAll()
      .where('challengeId', '=', id)
      .where('userId', '=', userId)
      .orderBy('answeredAt')
      .execute(),
    db
      .selectFrom('pointTransactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
      .where('userId', '=', userId)
      .where('organizationId', '=', org.id)
      .where('reference', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  const myAnswers: ChallengeHistory['myAnswers'] = [];
  if (view.subtype === 'trivia') {
    for (const a of answers) {
      const q = view.questions.find((x) => x.questionId === a.questionId);
      myAnswers.push({
        questionId: a.questionId,
        answer: q?.options.find((o) => o.index === a.optionIndex)?.text ?? '',
        correct: a.correct,
        points: a.points,
        answeredAt: new Date(a.answeredAt).toISOString(),
      });
    }
  } else if (response?.status === 'completed' && view.userResponse) {
    myAnswers.push({
      questionId: null,
      answer: view.userResponse.answers[0]?.answer ?? '',
      correct: view.userResponse.answers[0]?.correct ?? null,
      points: response.pointsAwarded,
      answeredAt: new Date(response.completedAt ?? response.createdAt).toISOString(),
    });
  }
  return {
    challengeId: view.challengeId,
    subtype: view.subtype,
    totalResponses: view.totalResponses,
    options: view.options,
    questions: view.questions,
    myAnswers,
    pointsEarned: Number(earned.sum),
  };
}
