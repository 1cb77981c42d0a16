import { calendarDate } from '@paddock/contracts';
import type {
  AdminLeaderboard,
  AdminLeaderboardBoard,
  LeaderboardSettings,
  WeekendWindow,
  WeekendWindowInput,
} from '@paddock/contracts/api/leaderboard';
import { writeAudit } from '../../admin/audit-service.ts';
import { type AuditedItem, deleteAudited, saveAudited } from '../../admin/audited-change.ts';
import { deleteOrgRow, saveOrgRow } from '../../db/org-rows.ts';
import { csvCell } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { publicIdentities } from '../profile/public-identities.ts';
import { localMidnight, seasonStart, weekendKey } from './leaderboard-periods.ts';
import { boardSize, dropPeriod, rebuildPeriod, topScores } from './leaderboard-queries.ts';
import { showsByName } from './leaderboard-present.ts';
import { periodOf } from './leaderboard-service.ts';

/** The most rows one export holds; a board longer than this is cut (the header says so). */
const EXPORT_LIMIT = 100_000;

/** The operator's view of a board: real usernames and e-mails (they support fans), paged. */
export async function adminLeaderboard(
  call: OrgCall,
  board: AdminLeaderboardBoard,
  q: { limit: number; offset: number; weekendId?: string | undefined },
): Promise<AdminLeaderboard> {
  const period = await periodOf(call, board, q.weekendId);
  if (q.weekendId && !period) throw notFound('Weekend window');
  if (!period) return { board, period: null, items: [], total: 0 };
  const { db, org, now } = call;
  const [rows, total] = await Promise.all([
    topScores(db, org.id, period.key, q.limit, q.offset),
    boardSize(db, org.id, period.key),
  ]);
  const identities = await publicIdentities(
    db,
    org.id,
    rows.map((r) => r.userId),
  );
  const today = calendarDate(now, org.timeZone);
  return {
    board,
    period: {
      key: period.key,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt?.toISOString() ?? null,
      name: period.name,
    },
    items: rows.map((row, i) => {
      const identity = identities.get(row.userId);
      return {
        position: q.offset + i + 1,
        userId: row.userId,
        username: identity?.username ?? null,
        email: identity?.email ?? null,
        points: row.points,
        reachedAt: new Date(row.reachedAt).toISOString(),
        shownByName: showsByName(identity, today),
      };
    }),
    total,
  };
}

const HEADER = ['position', 'user_id', 'username', 'email', 'points', 'reached_at', 'shown_by_name'];

/**
 * GET /api/admin/leaderboard/{board}.csv: the whole board in order. It holds e-mails, so the
 * export is audited like the sweepstake entries export.
 */
export async function leaderboardCsv(
  call: OperatorCall,
  board: AdminLeaderboardBoard,
  weekendId: string | undefined,
): Promise<string> {
  const page = await adminLeaderboard(call, board, { limit: EXPORT_LIMIT, offset: 0, weekendId });
  await writeAudit(call, {
    action: 'leaderboard.export',
    targetType: 'leaderboard',
    targetId: null,
    after: { board, period: page.period?.key ?? null, rows: page.items.length },
  });
  const lines = page.items.map((r) =>
    [r.position, r.userId, r.username, r.email, r.points, r.reachedAt, r.shownByName]
      .map((v) => csvCell(v, 'always'))
      .join(','),
  );
  return `${[HEADER.map((h) => csvCell(h, 'always')).join(','), ...lines].join('\r\n')}\r\n`;
}

const weekendColumns = ['id', 'name', 'startsAt', 'endsAt'] as const;

const weekendItem: AuditedItem<WeekendWindow> = {
  type: 'leaderboard_weekend',
  async view({ db, org }, id) {
    const row = await db
      .selectFrom('leaderboardWeekends')
      .select(weekendColumns)
      .where('organizationId', '=', org.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Weekend window');
    return presentWeekend(row);
  },
};

function presentWeekend(row: { id: string; name: string; startsAt: Date; endsAt: Date }): WeekendWindow {
  return {
    id: row.id,
    name: row.name,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
  };
}

/** Every race-weekend window, latest first. */
export async function listWeekends({ db, org }: OrgCall) {
  const rows = await db
    .selectFrom('leaderboardWeekends')
    .select(weekendColumns)
    .where('organizationId', '=', org.id)
    .orderBy('startsAt', 'desc')
    .execute();
  return { items: rows.map(presentWeekend) };
}

/**
 * Create or move a window: its board is rebuilt from the ledger in the same transaction, so a
 * window defined after the race (or stretched) counts the points already earned in it.
 */
export async function saveWeekend(call: OperatorCall, id: string | null, input: WeekendWindowInput) {
  return saveAudited(call, weekendItem, id, async ({ db, org }) => {
    const values = { name: input.name, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) };
    const savedId = await saveOrgRow(db, 'leaderboardWeekends', org.id, id, values);
    await rebuildPeriod(db, org.id, weekendKey(savedId), values.startsAt, values.endsAt);
    return savedId;
  });
}

export const createWeekend = (call: OperatorCall, input: WeekendWindowInput) =>
  saveWeekend(call, null, input);
export const updateWeekend = (call: OperatorCall, id: string, input: WeekendWindowInput) =>
  saveWeekend(call, id, input);

export async function deleteWeekend(call: OperatorCall, id: string) {
  await deleteAudited(call, weekendItem, id, async ({ db, org }) => {
    await dropPeriod(db, org.id, weekendKey(id));
    await deleteOrgRow(db, 'leaderboardWeekends', org.id, id);
  });
}

export async function getLeaderboardSettings({ db, org }: OrgCall): Promise<LeaderboardSettings> {
  return { seasonStartsOn: await seasonStart(db, org.id) };
}

/**
 * A new season start: the season board is rebuilt from the ledger lines since that day
 * (organization time zone), in the same transaction as the setting and its audit line.
 */
export async function setSeasonStart(
  call: OperatorCall,
  seasonStartsOn: string,
): Promise<LeaderboardSettings> {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = await getLeaderboardSettings(trx);
    await db
      .insertInto('leaderboardSettings')
      .values({ organizationId: call.org.id, seasonStartsOn })
      .onConflict((oc) => oc.column('organizationId').doUpdateSet({ seasonStartsOn, updatedAt: call.now }))
      .execute();
    const from = await localMidnight(db, seasonStartsOn, call.org.timeZone);
    await rebuildPeriod(db, call.org.id, `season:${seasonStartsOn}`, from, null);
    const after = { seasonStartsOn };
    await writeAudit(trx, {
      action: 'leaderboard.season_start',
      targetType: 'leaderboard',
      targetId: null,
      before,
      after,
    });
    return after;
  });
}
