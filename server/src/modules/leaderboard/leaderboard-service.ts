import {
  LEADERBOARD_AROUND,
  LEADERBOARD_TOP,
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardEntry,
  leaderboardSchema,
} from '@paddock/contracts/api/leaderboard';
import type { FanCall, OrgCall } from '../../platform/service-call.ts';
import type { FileUrlSigner } from '../files/signed-file-urls.ts';
import { publicIdentities, referralCircle } from '../profile/public-identities.ts';
import { boardPeriod } from './leaderboard-period-cache.ts';
import { currentSeason, currentWeek, currentWeekend, type Period } from './leaderboard-periods.ts';
import { type PresentContext, type Presenter, periodJson, presenter } from './leaderboard-present.ts';
import { scoresOf } from './leaderboard-queries.ts';
import { type BoardRead, readBoard } from './leaderboard-read.ts';
import { type TopPage, topPage } from './leaderboard-top.ts';

/** The period a board shows now; friends rank the season's totals within the fan's circle. */
export async function periodOf(
  call: OrgCall,
  board: LeaderboardBoard,
  weekendId?: string,
): Promise<Period | null> {
  const { db, org, now } = call;
  if (board === 'week') return currentWeek(db, org, now);
  if (board === 'weekend') return currentWeekend(db, org.id, now, weekendId);
  return currentSeason(db, org, now);
}

/** Everything of the answer but its top list, checked against the contract on every read. */
const restSchema = leaderboardSchema.omit({ entries: true });

/** The answer's JSON: the top list as already-serialised JSON (the shared top page), then the rest. */
function answer(rest: Omit<Leaderboard, 'entries'>, entriesJson: string): string {
  return `{"entries":${entriesJson},${JSON.stringify(restSchema.parse(rest)).slice(1)}`;
}

/**
 * GET /leaderboard/{board}: the top 100, the fan's own place and the fans around it, as the
 * JSON the route sends. The top 100 is the organization's shared top page (leaderboard-top.ts,
 * at most 1 s old); the fan's own row, position and neighbours are read fresh on every call.
 */
export async function getLeaderboard(
  call: FanCall,
  board: LeaderboardBoard,
  secret: string,
  fileUrls: FileUrlSigner,
): Promise<string> {
  const ctx: PresentContext = { org: call.org, now: call.now, secret, fileUrls };
  if (board === 'friends') {
    const period = (await boardPeriod(call, 'season')) as Period;
    return JSON.stringify(leaderboardSchema.parse(await friendsBoard(call, period, ctx)));
  }
  const period = await boardPeriod(call, board);
  if (!period)
    return answer({ board, period: null, me: { position: null, points: 0 }, around: [], total: 0 }, '[]');
  // The fan's own place (fresh) and the shared head (kept up to 1 s), side by side.
  const [read, page] = await Promise.all([
    readBoard(call.db, call.org.id, period.key, call.userId, LEADERBOARD_AROUND),
    topPage(call.db, ctx, period.key),
  ]);
  const present = presenter(ctx, read.identities, call.userId);
  const top = ownTopList(page, read, call.userId, present);
  const { me, above, below } = read;
  const position = top.position ?? me?.position ?? 0;
  return answer(
    {
      board,
      period: periodJson(period),
      me: { position: me ? position : null, points: me?.points ?? 0 },
      around: [
        ...above.map((row, i) => present(row, position - 1 - i)).reverse(),
        ...(me ? [present(me, position)] : []),
        ...below.map((row, i) => present(row, position + 1 + i)),
      ],
      // The count may lag a few seconds behind the rows just read (the histogram cache).
      total: Math.max(read.total, position, top.length),
    },
    top.json,
  );
}

/**
 * The top list as this fan sees it. Most fans are not on it: the shared page's JSON as is.
 * A fan who is on it, or whose fresh total now puts them on it, sees their own row fresh (the
 * page may be up to 1 s old, and the app refetches the board on the fan's own award), placed
 * after the fans with more points and the `tied` fans who reached their total first; their
 * position is then that place, so the list, `me` and `around` agree.
 */
function ownTopList(
  page: TopPage,
  read: BoardRead,
  userId: string,
  present: Presenter,
): { json: string; length: number; position: number | null } {
  const { me } = read;
  const onPage = page.index.has(userId);
  const last = page.rows[page.rows.length - 1];
  const shared = { json: page.json, length: Math.min(page.rows.length, LEADERBOARD_TOP), position: null };
  if (!onPage && (!me || (last && page.rows.length > LEADERBOARD_TOP && me.points < last.points)))
    return shared;
  let more = 0;
  let same = 0;
  for (const row of page.rows) {
    if (row.userId === userId || !me) continue;
    if (row.points > me.points) more++;
    else if (row.points === me.points) same++;
  }
  const slot = me ? more + Math.min(me.tied, same) : LEADERBOARD_TOP;
  if (!onPage && slot >= LEADERBOARD_TOP) return shared;
  const list: LeaderboardEntry[] = page.entries.filter((_, i) => page.rows[i]?.userId !== userId);
  if (me && slot < LEADERBOARD_TOP) list.splice(slot, 0, present(me, slot + 1));
  const entries = list
    .slice(0, LEADERBOARD_TOP)
    .map((entry, i) => (entry.position === i + 1 ? entry : { ...entry, position: i + 1 }));
  return {
    json: JSON.stringify(entries),
    length: entries.length,
    position: me && slot < LEADERBOARD_TOP ? slot + 1 : null,
  };
}

/** The friends board: the season's totals of the fan's referral circle (a few rows, sorted by SQL). */
async function friendsBoard(call: FanCall, period: Period, ctx: PresentContext): Promise<Leaderboard> {
  const { db, org, userId } = call;
  const circle = await referralCircle(db, org.id, userId);
  const rows = await scoresOf(db, org.id, period.key, circle);
  const present = presenter(ctx, await publicIdentities(db, org.id, circle), userId);
  const entries = rows.slice(0, LEADERBOARD_TOP).map((row, i) => present(row, i + 1));
  const index = rows.findIndex((r) => r.userId === userId);
  const around =
    index < 0
      ? []
      : rows
          .slice(Math.max(0, index - LEADERBOARD_AROUND), index + LEADERBOARD_AROUND + 1)
          .map((row) => present(row, rows.indexOf(row) + 1));
  return {
    board: 'friends',
    period: periodJson(period),
    entries,
    me: { position: index < 0 ? null : index + 1, points: rows[index]?.points ?? 0 },
    around,
    total: rows.length,
  };
}
