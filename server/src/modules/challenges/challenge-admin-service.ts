import { TYPE_OF_SUBTYPE } from '@paddock/contracts';
import type {
  AdminChallenge,
  AdminChallengeInput,
  AdminChallengePatch,
} from '@paddock/contracts/api/challenges';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMedia } from '../files/files-service.ts';
import { organizationById } from '../organization/organization-service.ts';
import { challengesChanged } from './challenge-catalogue.ts';
import { announcePublished } from './challenge-live.ts';
import { type Definition, settingsOf, validate } from './challenge-validation.ts';
import { type ChallengeRow, challengeBasics, iso, optionsAndQuestions } from './challenge-views.ts';

/**
 * Operator-side challenge management (product §11): create/edit/archive with validation
 * for all five subtypes (challenge-validation.ts); pick'em settlement is challenge-settlement.ts.
 * Every change is one transaction that also writes the audit log, and drops the
 * organization's challenge catalogue once it commits (challengesChanged, decision 032).
 */

/** The columns a create and an edit both write from a validated definition. */
const definitionColumns = (def: Definition) => ({
  title: def.title,
  description: def.description,
  mediaId: def.mediaId,
  visibleFrom: def.visibleFrom,
  expiresOn: def.expiresOn,
  hideResultsUntilClose: def.hideResultsUntilClose,
  settings: JSON.stringify(def.settings),
});

const assertChallengeMedia = (db: Database, organizationId: string, mediaId: string | null) =>
  assertMedia(db, organizationId, [mediaId], () =>
    unprocessable('invalid_media', 'mediaId does not name a file of this organization'),
  );

/** The challenge audit line, stamped with the operator's clock. */
export const auditChallenge = (
  call: OperatorCall,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
) =>
  writeAudit(call, {
    action,
    targetType: 'challenge',
    targetId,
    before: before ?? undefined,
    after: after ?? undefined,
    at: call.now,
  });

async function writeOptions(trx: Database, organizationId: string, challengeId: string, def: Definition) {
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

/** The challenge of this organization (locked FOR UPDATE with `lock`); 404 otherwise. */
export async function findForOperator(call: OrgCall, id: string, lock = false) {
  let query = call.db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Challenge');
  return row;
}

/** The operator's full view, correct answers and keyword included. */
export async function presentAdminChallenges(db: Database, organizationId: string, rows: ChallengeRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [org, [options, questions], counts] = await Promise.all([
    organizationById(db, organizationId),
    optionsAndQuestions(db, ids),
    db
      .selectFrom('challengeResponses')
      .select(['challengeId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('challengeId', 'in', ids)
      .groupBy('challengeId')
      .execute(),
  ]);
  const hidden = new Set(org?.settings.hiddenChallengeIds ?? []);
  const option = (o: (typeof options)[number]) => ({
    index: o.orderIndex,
    text: o.text,
    points: o.points,
    isCorrect: o.isCorrect,
  });
  return rows.map(
    (row): AdminChallenge => ({
      ...challengeBasics(row),
      archivedAt: iso(row.archivedAt),
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
  call: OrgCall,
  filter: { subtype?: AdminChallengeInput['subtype'] | undefined; includeArchived?: boolean | undefined },
) {
  let query = call.db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .orderBy('visibleFrom', 'desc')
    .orderBy('id');
  if (filter.subtype) query = query.where('subtype', '=', filter.subtype);
  if (!filter.includeArchived) query = query.where('archivedAt', 'is', null);
  return presentAdminChallenges(call.db, call.org.id, await query.execute());
}

export async function getAdminChallenge(call: OrgCall, id: string) {
  const row = await findForOperator(call, id);
  const [view] = await presentAdminChallenges(call.db, call.org.id, [row]);
  return view as AdminChallenge;
}

/**
 * Validates and inserts a challenge inside the caller's transaction (`call.db`; the demo seed
 * runs inside one); `audit: false` only for seeding.
 */
export async function insertChallenge(
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
  await assertChallengeMedia(call.db, call.org.id, def.mediaId);
  const row = await call.db
    .insertInto('challenges')
    .values({
      organizationId: call.org.id,
      type: TYPE_OF_SUBTYPE[def.subtype],
      subtype: def.subtype,
      ...definitionColumns(def),
      createdBy: call.actorUserId,
      createdAt: call.now,
      updatedAt: call.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeOptions(call.db, call.org.id, row.id, def);
  if (opts.audit !== false) await auditChallenge(call, 'challenge.create', row.id, null, input);
  return row.id;
}

export async function createChallenge(call: OperatorCall, input: AdminChallengeInput) {
  const id = await call.db.transaction().execute(async (db) => {
    const id = await insertChallenge({ ...call, db }, input);
    announcePublished(
      db,
      call.org.id,
      { id, subtype: input.subtype, visibleFrom: input.visibleFrom },
      call.now,
    );
    return id;
  });
  challengesChanged(call.db, call.org.id);
  return getAdminChallenge(call, id);
}

/** The definition as stored, with the patch applied: what validate() judges as a whole. */
function patchedDefinition(
  row: ChallengeRow,
  before: AdminChallenge,
  patch: AdminChallengePatch,
): Definition {
  return {
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
    settings: { ...row.settings, ...settingsOf(patch) },
  };
}

/**
 * Edits a challenge. Options and questions are frozen once a fan has answered (their indexes
 * are what the answers and the ledger refer to): 422 challenge_has_responses.
 */
export async function updateChallenge(call: OperatorCall, id: string, patch: AdminChallengePatch) {
  await call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const row = await findForOperator(trx, id, true);
    const before = (await presentAdminChallenges(db, call.org.id, [row]))[0] as AdminChallenge;
    const touchesAnswers = patch.options !== undefined || patch.questions !== undefined;
    if (touchesAnswers && before.responseCount > 0) {
      throw unprocessable(
        'challenge_has_responses',
        'Options and questions cannot change once fans have answered',
      );
    }
    const def = patchedDefinition(row, before, patch);
    validate(def);
    await assertChallengeMedia(db, call.org.id, def.mediaId);
    await db
      .updateTable('challenges')
      .set({ ...definitionColumns(def), updatedAt: call.now })
      .where('id', '=', id)
      .execute();
    if (touchesAnswers) await writeOptions(db, call.org.id, id, def);
    await auditChallenge(trx, 'challenge.update', id, before, patch);
  });
  challengesChanged(call.db, call.org.id);
  return getAdminChallenge(call, id);
}

/** Archiving hides a challenge from fans (GET /challenge and by id) but keeps answers and ledger lines. */
export async function archiveChallenge(call: OperatorCall, id: string) {
  await call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const row = await findForOperator(trx, id, true);
    if (row.archivedAt) return;
    await db
      .updateTable('challenges')
      .set({ archivedAt: call.now, updatedAt: call.now })
      .where('id', '=', id)
      .execute();
    await auditChallenge(
      trx,
      'challenge.archive',
      id,
      { archivedAt: null },
      { archivedAt: call.now.toISOString() },
    );
  });
  challengesChanged(call.db, call.org.id);
  return getAdminChallenge(call, id);
}
