import { TYPE_OF_SUBTYPE } from '@paddock/contracts';
import type {
  AdminChallenge,
  AdminChallengeInput,
  AdminChallengePatch,
  SettleResult,
} from '@paddock/contracts/api/challenges';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { awardMilestoneBadges } from '../rewards/badge-milestones.ts';
import type { ChallengeSettings } from './challenge-tables.ts';
import type { ChallengeRow } from './challenge-views.ts';

/**
 * Operator-side challenge management (DESIGN "Operators"): create/edit/archive with validation
 * for all five subtypes, and pick'em settlement. Written for the operator console to reuse;
 * every change is one transaction that also writes the audit log.
 */

type Db = Kysely<DB>;
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const invalid = (message: string) => unprocessable('invalid_challenge', message);

interface OperatorCall {
  organizationId: string;
  actorUserId: string;
  now: Date;
}

/** The full definition of a challenge after create or patch, validated as a whole. */
interface Definition {
  subtype: AdminChallengeInput['subtype'];
  title: string;
  description: string;
  mediaId: string | null;
  visibleFrom: string;
  expiresOn: string | null;
  hideResultsUntilClose: boolean;
  options: { text: string; points: number; isCorrect?: boolean | undefined }[] | undefined;
  questions:
    | { text: string; options: { text: string; points: number; isCorrect?: boolean | undefined }[] }[]
    | undefined;
  settings: ChallengeSettings;
}

/** Every rule a challenge of its subtype must satisfy; 422 invalid_challenge names the first broken one. */
function validate(def: Definition) {
  const { subtype } = def;
  if (def.expiresOn && new Date(def.expiresOn).getTime() <= new Date(def.visibleFrom).getTime()) {
    throw invalid('expiresOn must be after visibleFrom');
  }
  const usesOptions = subtype === 'poll' || subtype === 'pickem';
  if (usesOptions && !def.options?.length) throw invalid(`A ${subtype} needs 2–8 options`);
  if (!usesOptions && def.options?.length) throw invalid(`A ${subtype} has no top-level options`);
  if (subtype === 'trivia' && !def.questions?.length) throw invalid('A trivia quiz needs 1–10 questions');
  if (subtype !== 'trivia' && def.questions?.length) throw invalid(`A ${subtype} has no questions`);
  if (def.options?.some((o) => o.isCorrect)) {
    throw invalid("isCorrect is for trivia options; a pick'em's answer is set by settlement");
  }
  for (const [i, q] of (def.questions ?? []).entries()) {
    const correct = q.options.filter((o) => o.isCorrect);
    if (correct.length !== 1) throw invalid(`Question ${i + 1} needs exactly one correct option`);
    if ((correct[0]?.points ?? 0) <= 0)
      throw invalid(`Question ${i + 1}: the correct option must be worth points`);
  }
  if (subtype === 'pickem' && !def.expiresOn) {
    throw invalid("A pick'em needs expiresOn: predictions close before the operator settles it");
  }
  if (subtype === 'keyword') {
    if (!def.settings.keyword) throw invalid('A keyword challenge needs its keyword');
    if (!def.settings.points) throw invalid('A keyword challenge needs points');
  } else if (def.settings.keyword != null || def.settings.points != null) {
    throw invalid('keyword and points are for keyword challenges (other subtypes pay per option)');
  }
  if (subtype === 'arcade') {
    const brackets = def.settings.arcadeBrackets ?? [];
    if (brackets.length === 0) throw invalid('An arcade challenge needs score brackets');
    const ms = brackets.map((b) => b.maxMs);
    if (new Set(ms).size !== ms.length) throw invalid('Arcade brackets need distinct maxMs values');
  } else if (def.settings.arcadeBrackets) {
    throw invalid('arcadeBrackets are for arcade challenges');
  }
  if (def.hideResultsUntilClose && !usesOptions) {
    throw invalid("hideResultsUntilClose applies to polls and pick'ems");
  }
}

function settingsOf(
  input: Pick<AdminChallengeInput, 'keyword' | 'points' | 'arcadeBrackets'>,
): ChallengeSettings {
  const settings: ChallengeSettings = {};
  if (input.keyword !== undefined) settings.keyword = input.keyword;
  if (input.points !== undefined) settings.points = input.points;
  if (input.arcadeBrackets !== undefined) {
    settings.arcadeBrackets = [...input.arcadeBrackets].sort((a, b) => a.maxMs - b.maxMs);
  }
  return settings;
}

async function assertMedia(trx: Db, organizationId: string, mediaId: string | null) {
  if (!mediaId) return;
  const media = await trx
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!media) throw unprocessable('invalid_media', 'mediaId does not name a file of this organization');
}

async function writeOptions(trx: Db, organizationId: string, challengeId: string, def: Definition) {
  await trx.deleteFrom('challengeOptions').where('challengeId', '=', challengeId).execute();
  await trx.deleteFrom('challengeQuestions').where('challengeId', '=', challengeId).execute();
  if (def.options?.length) {
    await trx
      .insertInto('challengeOptions')
      .values(
        def.options.map((o, i) => ({
          organizationId,
          challengeId,
          questionId: null,
          orderIndex: i,
          text: o.text,
          points: o.points,
          isCorrect: false,
        })),
      )
      .execute();
  }
  for (const [qi, q] of (def.questions ?? []).entries()) {
    const row = await trx
      .insertInto('challengeQuestions')
      .values({ organizationId, challengeId, orderIndex: qi, text: q.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('challengeOptions')
      .values(
        q.options.map((o, i) => ({
          organizationId,
          challengeId,
          questionId: row.id,
          orderIndex: i,
          text: o.text,
          points: o.isCorrect ? o.points : 0,
          isCorrect: Boolean(o.isCorrect),
        })),
      )
      .execute();
  }
}

async function audit(
  trx: Db,
  call: OperatorCall,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
) {
  await trx
    .insertInto('auditLog')
    .values({
      organizationId: call.organizationId,
      actorUserId: call.actorUserId,
      action,
      targetType: 'challenge',
      targetId,
      before: before == null ? null : JSON.stringify(before),
      after: after == null ? null : JSON.stringify(after),
      createdAt: call.now,
    })
    .execute();
}

async function findForOperator(trx: Db, organizationId: string, id: string, lock = false) {
  let query = trx
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Challenge');
  return row;
}

/** The operator's full view, correct answers and keyword included. */
export async function presentAdminChallenges(db: Db, organizationId: string, rows: ChallengeRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [org, options, questions, counts] = await Promise.all([
    db
      .selectFrom('organizations')
      .select('settings')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('challengeOptions')
      .selectAll()
      .where('challengeId', 'in', ids)
      .orderBy('orderIndex')
      .execute(),
    db
      .selectFrom('challengeQuestions')
      .selectAll()
      .where('challengeId', 'in', ids)
      .orderBy('orderIndex')
      .execute(),
    db
      .selectFrom('challengeResponses')
      .select(['challengeId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('challengeId', 'in', ids)
      .groupBy('challengeId')
      .execute(),
  ]);
  const hidden = new Set(org.settings.hiddenChallengeIds ?? []);
  const option = (o: (typeof options)[number]) => ({
    index: o.orderIndex,
    text: o.text,
    points: o.points,
    isCorrect: o.isCorrect,
  });
  return rows.map(
    (row): AdminChallenge => ({
      challengeId: row.id,
      type: row.type as AdminChallenge['type'],
      subtype: row.subtype as AdminChallenge['subtype'],
      title: row.title,
      description: row.description,
      mediaId: row.mediaId,
      imageUrl: row.mediaId ? `/files/${row.mediaId}` : null,
      visibleFrom: iso(row.visibleFrom) as string,
      expiresOn: iso(row.expiresOn),
      archivedAt: iso(row.archivedAt),
      hideResultsUntilClose: row.hideResultsUntilClose,
      hidden: hidden.has(row.id),
      options: options.filter((o) => o.challengeId === row.id && o.questionId == null).map(option),
      questions: questions
        .filter((q) => q.challengeId === row.id)
        .map((q) => ({
          questionId: q.id,
          index: q.orderIndex,
          text: q.text,
          options: options.filter((o) => o.questionId === q.id).map(option),
        })),
      keyword: row.settings.keyword ?? null,
      points: row.settings.points ?? null,
      arcadeBrackets: row.settings.arcadeBrackets ?? null,
      outcome: row.outcomeIndex,
      settledAt: iso(row.settledAt),
      responseCount: Number(counts.find((c) => c.challengeId === row.id)?.n ?? 0),
      createdAt: iso(row.createdAt) as string,
    }),
  );
}

export async function listAdminChallenges(
  db: Db,
  organizationId: string,
  filter: { subtype?: AdminChallengeInput['subtype'] | undefined; includeArchived?: boolean | undefined },
) {
  let query = db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('visibleFrom', 'desc')
    .orderBy('id');
  if (filter.subtype) query = query.where('subtype', '=', filter.subtype);
  if (!filter.includeArchived) query = query.where('archivedAt', 'is', null);
  return presentAdminChallenges(db, organizationId, await query.execute());
}

export async function getAdminChallenge(db: Db, organizationId: string, id: string) {
  const row = await findForOperator(db, organizationId, id);
  const [view] = await presentAdminChallenges(db, organizationId, [row]);
  return view as AdminChallenge;
}

/**
 * Validates and inserts a challenge inside the caller's transaction (the demo seed runs inside
 * one); `audit: false` only for seeding.
 */
export async function insertChallenge(
  trx: Db,
  call: OperatorCall,
  input: AdminChallengeInput,
  opts: { audit?: boolean } = {},
): Promise<string> {
  const def: Definition = {
    subtype: input.subtype,
    title: input.title,
    description: input.description ?? '',
    mediaId: input.mediaId ?? null,
    visibleFrom: input.visibleFrom,
    expiresOn: input.expiresOn ?? null,
    hideResultsUntilClose: input.hideResultsUntilClose ?? false,
    options: input.options,
    questions: input.questions,
    settings: settingsOf(input),
  };
  validate(def);
  await assertMedia(trx, call.organizationId, def.mediaId);
  const row = await trx
    .insertInto('challenges')
    .values({
      organizationId: call.organizationId,
      type: TYPE_OF_SUBTYPE[def.subtype],
      subtype: def.subtype,
      title: def.title,
      description: def.description,
      mediaId: def.mediaId,
      visibleFrom: def.visibleFrom,
      expiresOn: def.expiresOn,
      hideResultsUntilClose: def.hideResultsUntilClose,
      settings: JSON.stringify(def.settings),
      createdBy: call.actorUserId,
      createdAt: call.now,
      updatedAt: call.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeOptions(trx, call.organizationId, row.id, def);
  if (opts.audit !== false) await audit(trx, call, 'challenge.create', row.id, null, input);
  return row.id;
}

export async function createChallenge(db: Db, call: OperatorCall, input: AdminChallengeInput) {
  const id = await db.transaction().execute((trx) => insertChallenge(trx, call, input));
  return getAdminChallenge(db, call.organizationId, id);
}

/**
 * Edits a challenge. Options and questions are frozen once a fan has answered (their indexes
 * are what the answers and the ledger refer to): 422 challenge_has_responses.
 */
export async function updateChallenge(db: Db, call: OperatorCall, id: string, patch: AdminChallengePatch) {
  await db.transaction().execute(async (trx) => {
    const row = await findForOperator(trx, call.organizationId, id, true);
    const before = (await presentAdminChallenges(trx, call.organizationId, [row]))[0] as AdminChallenge;
    const touchesAnswers = patch.options !== undefined || patch.questions !== undefined;
    if (touchesAnswers && before.responseCount > 0) {
      throw unprocessable(
        'challenge_has_responses',
        'Options and questions cannot change once fans have answered',
      );
    }
    const settings = { ...row.settings, ...settingsOf(patch) };
    const def: Definition = {
      subtype: row.subtype as Definition['subtype'],
      title: patch.title ?? row.title,
      description: patch.description ?? row.description,
      mediaId: patch.mediaId !== undefined ? patch.mediaId : row.mediaId,
      visibleFrom: patch.visibleFrom ?? (iso(row.visibleFrom) as string),
      expiresOn: patch.expiresOn !== undefined ? patch.expiresOn : iso(row.expiresOn),
      hideResultsUntilClose: patch.hideResultsUntilClose ?? row.hideResultsUntilClose,
      options:
        patch.options ??
        (before.options.length ? before.options.map((o) => ({ text: o.text, points: o.points })) : undefined),
      questions:
        patch.questions ??
        (before.questions.length
          ? before.questions.map((q) => ({
              text: q.text,
              options: q.options.map((o) => ({ text: o.text, points: o.points, isCorrect: o.isCorrect })),
            }))
          : undefined),
      settings,
    };
    validate(def);
    await assertMedia(trx, call.organizationId, def.mediaId);
    await trx
      .updateTable('challenges')
      .set({
        title: def.title,
        description: def.description,
        mediaId: def.mediaId,
        visibleFrom: def.visibleFrom,
        expiresOn: def.expiresOn,
        hideResultsUntilClose: def.hideResultsUntilClose,
        settings: JSON.stringify(def.settings),
        updatedAt: call.now,
      })
      .where('id', '=', id)
      .execute();
    if (touchesAnswers) await writeOptions(trx, call.organizationId, id, def);
    await audit(trx, call, 'challenge.update', id, before, patch);
  });
  return getAdminChallenge(db, call.organizationId, id);
}

/** Archiving hides a challenge from fans (GET /challenge and by id) but keeps answers and ledger lines. */
export async function archiveChallenge(db: Db, call: OperatorCall, id: string) {
  await db.transaction().execute(async (trx) => {
    const row = await findForOperator(trx, call.organizationId, id, true);
    if (row.archivedAt) return;
    await trx
      .updateTable('challenges')
      .set({ archivedAt: call.now, updatedAt: call.now })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      call,
      'challenge.archive',
      id,
      { archivedAt: null },
      { archivedAt: call.now.toISOString() },
    );
  });
  return getAdminChallenge(db, call.organizationId, id);
}

/**
 * Pick'em settlement (DESIGN "Domain semantics"). Each prediction's response row holds what the
 * fan is currently paid (`points_awarded`, the settlement bookkeeping). Settling computes, per
 * fan, what the outcome says they should hold and posts only the difference: the same outcome
 * twice pays nothing more; a corrected outcome (stewards' decision) posts a reversal of the
 * old award and the new award as new ledger rows. The challenge row is locked, so concurrent
 * settlements run one after the other; each round has its own once-only keys.
 *
 * A reversal never overdraws: if a fan has already spent the points, the reversal takes what
 * the balance holds (the ledger guard forbids a negative balance) and the shortfall is reported.
 */
export async function settlePickem(
  db: Db,
  call: OperatorCall,
  id: string,
  body: { outcomeIndex: number; preview?: boolean | undefined },
): Promise<SettleResult> {
  return db.transaction().execute(async (trx) => {
    const row = await findForOperator(trx, call.organizationId, id, true);
    if (row.subtype !== 'pickem') throw unprocessable('not_pickem', "Only pick'em challenges are settled");
    if (!row.expiresOn || new Date(row.expiresOn).getTime() > call.now.getTime()) {
      throw unprocessable(
        'challenge_not_closed',
        "Predictions are still open; settle after the pick'em closes",
      );
    }
    const options = await trx
      .selectFrom('challengeOptions')
      .selectAll()
      .where('challengeId', '=', id)
      .where('questionId', 'is', null)
      .execute();
    const winner = options.find((o) => o.orderIndex === body.outcomeIndex);
    if (!winner) throw unprocessable('invalid_option', 'outcomeIndex is not an option of this pick’em');

    const predictions = await trx
      .selectFrom('challengeResponses as r')
      .innerJoin('users as u', 'u.id', 'r.userId')
      .select(['r.id', 'r.userId', 'r.optionIndex', 'r.pointsAwarded', 'u.points as balance'])
      .where('r.challengeId', '=', id)
      .where('r.status', '=', 'completed')
      .orderBy('r.userId')
      .forUpdate()
      .execute();

    const round = row.settlementRound + 1;
    const result: SettleResult = {
      preview: Boolean(body.preview),
      outcomeIndex: body.outcomeIndex,
      previousOutcomeIndex: row.outcomeIndex,
      fansPaid: 0,
      pointsPaid: 0,
      fansReversed: 0,
      pointsReversed: 0,
      settledAt: iso(row.settledAt),
    };
    for (const p of predictions) {
      // Bookkeeping compares who is paid, not amounts: the ledger may have adjusted an award.
      const shouldBePaid = p.optionIndex === body.outcomeIndex && winner.points > 0;
      const isPaid = p.pointsAwarded > 0;
      if (shouldBePaid === isPaid) continue;
      let paid = 0;
      if (isPaid) {
        const take = Math.min(p.pointsAwarded, p.balance);
        result.fansReversed += 1;
        result.pointsReversed += take;
        if (!body.preview && take > 0) {
          await postPoints(trx, {
            organizationId: call.organizationId,
            userId: p.userId,
            amount: -take,
            kind: 'reversal',
            reference: id,
            description: `Pick'em result corrected: ${row.title}`,
            onceKey: `pickem:${id}:r${round}:reversal`,
          });
        }
      } else {
        result.fansPaid += 1;
        result.pointsPaid += winner.points;
        if (!body.preview) {
          const posted = await postPoints(trx, {
            organizationId: call.organizationId,
            userId: p.userId,
            amount: winner.points,
            kind: 'challenge',
            reference: id,
            description: `Pick'em: ${row.title} (correct prediction)`,
            onceKey: `pickem:${id}:r${round}`,
            at: call.now,
            earning: 'challenges',
          });
          paid = posted.applied ? posted.amount : 0;
          if (paid > 0) {
            await awardMilestoneBadges(trx, {
              organizationId: call.organizationId,
              userId: p.userId,
              at: call.now,
              event: 'pickem_won',
            });
          }
        }
      }
      if (!body.preview) {
        await trx
          .updateTable('challengeResponses')
          .set({ pointsAwarded: paid, correct: p.optionIndex === body.outcomeIndex })
          .where('id', '=', p.id)
          .execute();
      }
    }
    if (body.preview) return result;

    const changed = row.outcomeIndex !== body.outcomeIndex;
    if (changed || !row.settledAt) {
      await trx
        .updateTable('challenges')
        .set({
          outcomeIndex: body.outcomeIndex,
          settledAt: call.now,
          settlementRound: round,
          updatedAt: call.now,
        })
        .where('id', '=', id)
        .execute();
      result.settledAt = call.now.toISOString();
    }
    await audit(
      trx,
      call,
      changed && row.outcomeIndex != null ? 'challenge.resettle' : 'challenge.settle',
      id,
      { outcomeIndex: row.outcomeIndex },
      result,
    );
    return result;
  });
}
