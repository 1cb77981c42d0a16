import { randomBytes } from 'node:crypto';
import {
  type AdminSweepstake,
  type AdminSweepstakeUpdate,
  type adminSweepstakeCreateSchema,
  drawWinners,
  hashEntries,
  hashSeed,
  canonicalEntries,
  type SweepstakeVerification,
} from '@paddock/contracts/api/sweepstakes';
import type { z } from 'zod';
import type { Database } from '../../db/engine.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import {
  currentEntries,
  listSweepstakes,
  type SweepstakeRow,
  verifySweepstake,
  winnerDisplayName,
} from './sweepstake-service.ts';

export type CreateInput = z.output<typeof adminSweepstakeCreateSchema>;

/** Operator actions are audited in the same transaction as the change (who, what, before/after). */
async function audit(
  trx: Database,
  entry: {
    organizationId: string;
    actorUserId: string | null;
    action: string;
    targetId: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await trx
    .insertInto('auditLog')
    .values({
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: 'sweepstake',
      targetId: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** What the audit log may hold of a sweepstake: everything public, never the secret seed. */
function auditView(row: SweepstakeRow) {
  const { seed: _secret, frozenEntries: _list, ...rest } = row;
  return rest;
}

async function assertMedia(db: Database, organizationId: string, ids: (string | null | undefined)[]) {
  for (const id of ids) {
    if (!id) continue;
    const found = await db
      .selectFrom('media')
      .select('id')
      .where('id', '=', id)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!found) throw unprocessable('media_not_found', `No media ${id} in this organization`);
  }
}

function assertWindow(startsAt: string | Date, endsAt: string | Date) {
  if (new Date(endsAt) <= new Date(startsAt)) {
    throw unprocessable('invalid_window', 'endsAt must be after startsAt');
  }
}

export async function listAdminSweepstakes(
  db: Database,
  organizationId: string,
  now: Date,
  onlyId?: string,
): Promise<AdminSweepstake[]> {
  const [list, extra] = await Promise.all([
    listSweepstakes(db, organizationId, null, now, onlyId),
    db
      .selectFrom('sweepstakes as s')
      .leftJoin('sweepstakeEntries as e', 'e.sweepstakeId', 's.id')
      .select((eb) => [
        's.id',
        's.rulesMediaId',
        's.createdAt',
        eb.fn.count<number>('e.userId').as('entrantCount'),
      ])
      .where('s.organizationId', '=', organizationId)
      .groupBy('s.id')
      .execute(),
  ]);
  const byId = new Map(extra.map((r) => [r.id, r]));
  return list.map(({ userEntries: _u, freeEntryUsed: _f, userEntrant: _e, ...s }) => {
    const more = byId.get(s.sweepstakeId);
    return {
      ...s,
      rulesMediaId: more?.rulesMediaId ?? null,
      entrantCount: Number(more?.entrantCount ?? 0),
      createdAt: new Date(more?.createdAt ?? 0).toISOString(),
    };
  });
}

async function getAdminSweepstake(db: Database, organizationId: string, id: string, now: Date) {
  const [one] = await listAdminSweepstakes(db, organizationId, now, id);
  if (!one) throw notFound('Sweepstake');
  return one;
}

/**
 * Creates a sweepstake with its secret seed. Only SHA-256(seed) is published from now on
 * (the commit); the seed itself is revealed with the winners, so the operator cannot pick a
 * seed after seeing the entries.
 */
export async function createSweepstake(
  deps: AppDeps,
  organizationId: string,
  actorUserId: string,
  input: CreateInput,
): Promise<AdminSweepstake> {
  const id = await deps.db
    .transaction()
    .execute((trx) => insertSweepstake(trx, organizationId, actorUserId, input));
  return getAdminSweepstake(deps.db, organizationId, id, deps.clock.now());
}

/** The create inside the caller's transaction (also used by the demo seed); returns the id. */
export async function insertSweepstake(
  trx: Database,
  organizationId: string,
  actorUserId: string | null,
  input: CreateInput,
): Promise<string> {
  assertWindow(input.startsAt, input.endsAt);
  await assertMedia(trx, organizationId, [input.mediaId, input.rulesMediaId]);
  const seed = randomBytes(32).toString('hex');
  const row = await trx
    .insertInto('sweepstakes')
    .values({
      organizationId,
      title: input.title,
      description: input.description,
      prize: input.prize,
      mediaId: input.mediaId,
      rulesMediaId: input.rulesMediaId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      costPerEntry: input.costPerEntry,
      maxEntriesPerFan: input.maxEntriesPerFan,
      eligibleCountries: input.eligibleCountries === null ? null : JSON.stringify(input.eligibleCountries),
      freeEntryInstructions: input.freeEntryInstructions ?? '',
      winnerCount: input.winnerCount,
      seed,
      seedHash: hashSeed(seed),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    organizationId,
    actorUserId,
    action: 'sweepstake.create',
    targetId: row.id,
    after: auditView(row),
  });
  return row.id;
}

/** Edits any field until the draw; after it the published data is final (422 already_drawn). */
export async function updateSweepstake(
  deps: AppDeps,
  organizationId: string,
  actorUserId: string,
  id: string,
  patch: AdminSweepstakeUpdate,
): Promise<AdminSweepstake> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('sweepstakes')
      .selectAll()
      .where('id', '=', id)
      .where('organizationId', '=', organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Sweepstake');
    if (before.drawnAt) throw unprocessable('already_drawn', 'A drawn sweepstake can no longer be edited');
    assertWindow(patch.startsAt ?? before.startsAt, patch.endsAt ?? before.endsAt);
    await assertMedia(trx, organizationId, [patch.mediaId, patch.rulesMediaId]);
    const { eligibleCountries, ...rest } = patch;
    const after = await trx
      .updateTable('sweepstakes')
      .set({
        ...rest,
        ...(eligibleCountries === undefined
          ? {}
          : { eligibleCountries: eligibleCountries === null ? null : JSON.stringify(eligibleCountries) }),
        updatedAt: deps.clock.now(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      organizationId,
      actorUserId,
      action: 'sweepstake.update',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  return getAdminSweepstake(deps.db, organizationId, id, deps.clock.now());
}

/**
 * The draw: after endsAt, freeze the entry list (canonical order, SHA-256 published), pick
 * `winners` distinct fans weighted by entries with the shared deterministic algorithm, store
 * them and reveal the seed. The row lock (FOR UPDATE) waits for entries still in flight (they
 * hold FOR SHARE) and makes a second draw see drawn_at: 422 already_drawn.
 */
export async function drawSweepstake(
  deps: AppDeps,
  organizationId: string,
  actorUserId: string,
  id: string,
  winnerCount: number,
): Promise<SweepstakeVerification> {
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute((trx) => drawInTransaction(trx, organizationId, actorUserId, id, winnerCount, now));
  return verifySweepstake(deps.db, organizationId, id);
}

/** The draw inside the caller's transaction (also used by the demo seed). */
export async function drawInTransaction(
  trx: Database,
  organizationId: string,
  actorUserId: string | null,
  id: string,
  winnerCount: number,
  now: Date,
): Promise<void> {
  const row = await trx
    .selectFrom('sweepstakes')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Sweepstake');
  if (row.drawnAt) throw unprocessable('already_drawn', 'This sweepstake has already been drawn');
  if (now < new Date(row.endsAt)) {
    throw unprocessable('sweepstake_not_ended', 'Winners can be drawn only after the sweepstake ends');
  }
  const rows = await currentEntries(trx, id);
  const entries = canonicalEntries(rows.map((r) => ({ entrant: r.entrant, count: r.count })));
  const entriesHash = hashEntries(entries);
  const winners = drawWinners(row.seed, entriesHash, entries, winnerCount);
  const userByEntrant = new Map(rows.map((r) => [r.entrant, r.userId]));
  const winnerUserIds = winners.map((w) => userByEntrant.get(w) as string);
  const users =
    winnerUserIds.length > 0
      ? await trx
          .selectFrom('users')
          .select(['id', 'firstName', 'lastName', 'username'])
          .where('id', 'in', winnerUserIds)
          .execute()
      : [];
  const userById = new Map(users.map((u) => [u.id, u]));
  if (winners.length > 0) {
    await trx
      .insertInto('sweepstakeWinners')
      .values(
        winners.map((entrant, i) => {
          const userId = userByEntrant.get(entrant) ?? null;
          return {
            organizationId,
            sweepstakeId: id,
            position: i + 1,
            userId,
            entrant,
            displayName: winnerDisplayName(userId ? userById.get(userId) : undefined, entrant),
          };
        }),
      )
      .execute();
  }
  await trx
    .updateTable('sweepstakes')
    .set({
      frozenEntries: JSON.stringify(entries),
      entriesHash,
      winnerCount,
      drawnAt: now,
      drawnBy: actorUserId,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
  await audit(trx, {
    organizationId,
    actorUserId,
    action: 'sweepstake.draw',
    targetId: id,
    after: { entriesHash, entrants: entries.length, winnerCount, winners },
  });
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote always; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

/**
 * GET /api/admin/sweepstakes/{id}/entries.csv: every entrant, their entries and any win. The
 * export holds personal data (e-mail, names), so it is audited like a change.
 */
export async function entriesCsv(
  db: Database,
  organizationId: string,
  actorUserId: string,
  id: string,
): Promise<string> {
  const row = await db
    .selectFrom('sweepstakes')
    .select(['id'])
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw notFound('Sweepstake');
  const lines = await db
    .selectFrom('sweepstakeEntries as e')
    .innerJoin('users as u', 'u.id', 'e.userId')
    .leftJoin('sweepstakeWinners as w', (join) =>
      join.onRef('w.sweepstakeId', '=', 'e.sweepstakeId').onRef('w.entrant', '=', 'e.entrant'),
    )
    .select([
      'e.entrant',
      'e.userId',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.country',
      'e.count',
      'e.freeCount',
      'e.pointsSpent',
      'w.position',
      'w.displayName',
    ])
    .where('e.sweepstakeId', '=', id)
    .orderBy('e.entrant')
    .execute();
  await audit(db, {
    organizationId,
    actorUserId,
    action: 'sweepstake.export_entries',
    targetId: id,
    after: { rows: lines.length },
  });
  const header = [
    'entrant',
    'user_id',
    'email',
    'first_name',
    'last_name',
    'country',
    'entries',
    'free_entries',
    'points_spent',
    'winner_position',
    'winner_display_name',
  ];
  const body = lines.map((l) =>
    [
      l.entrant,
      l.userId,
      l.email,
      l.firstName,
      l.lastName,
      l.country,
      l.count,
      l.freeCount,
      l.pointsSpent,
      l.position,
      l.displayName,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...body].join('\r\n')}\r\n`;
}
