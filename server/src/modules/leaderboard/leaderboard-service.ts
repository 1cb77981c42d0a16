import { createHmac } from 'node:crypto';
import { calendarDate, isUnderage } from '@paddock/contracts';
import {
  LEADERBOARD_AROUND,
  LEADERBOARD_TOP,
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardEntry,
} from '@paddock/contracts/api/leaderboard';
import type { FanCall, OrgCall } from '../../platform/service-call.ts';
import type { FileUrlSigner } from '../files/signed-file-urls.ts';
import { type PublicIdentity, publicIdentities, referralCircle } from '../profile/public-identities.ts';
import {
  currentSeason,
  currentWeek,
  currentWeekend,
  type Period,
  seasonPeriod,
  weekendPeriod,
  weekPeriod,
} from './leaderboard-periods.ts';
import { scoresOf } from './leaderboard-queries.ts';
import { type BoardRow, readBoard } from './leaderboard-read.ts';

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

/**
 * Decision 025: a fan under 18 (or without a birthday, product §5) or who turned
 * `leaderboardVisible` off is shown as "Fan #NNNNNN". The number is an HMAC of the fan's id
 * under the app secret: stable on every board and every day, and nobody without the secret can
 * go from the number back to the fan.
 */
export function anonymousName(secret: string, organizationId: string, userId: string): string {
  const digest = createHmac('sha256', secret).update(`leaderboard:${organizationId}:${userId}`).digest();
  return `Fan #${String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0')}`;
}

export function showsByName(identity: PublicIdentity | undefined, today: string): boolean {
  return Boolean(identity?.leaderboardVisible && identity.username && !underage(identity.birthday, today));
}

/**
 * isUnderage (product §5) remembered per calendar day and birthday: a board asks it for each of
 * its ~110 rows on every read, mostly about the same fans, and splitting two date strings per
 * row showed in the read's CPU profile. A pure function of two strings, so never stale; bounded.
 */
const underageByDay = new Map<string, Map<string, boolean>>();
const UNDERAGE_MEMO_MAX = 50_000;

function underage(birthday: string | null, today: string): boolean {
  if (!birthday) return isUnderage(birthday, today);
  let byBirthday = underageByDay.get(today);
  if (!byBirthday || byBirthday.size >= UNDERAGE_MEMO_MAX) {
    // Time zones put organizations on two days around midnight; older days are done with.
    if (underageByDay.size >= 2 && !byBirthday) underageByDay.clear();
    byBirthday = new Map();
    underageByDay.set(today, byBirthday);
  }
  let answer = byBirthday.get(birthday);
  if (answer === undefined) {
    answer = isUnderage(birthday, today);
    byBirthday.set(birthday, answer);
  }
  return answer;
}

type Presenter = (row: BoardRow, position: number) => LeaderboardEntry;

function presenter(
  call: FanCall,
  identities: Map<string, PublicIdentity>,
  secret: string,
  fileUrls: FileUrlSigner,
): Presenter {
  const { org, now, userId } = call;
  const today = calendarDate(now, org.timeZone);
  return (row, position) => {
    const identity = identities.get(row.userId);
    const byName = showsByName(identity, today);
    const isMe = row.userId === userId;
    return {
      position,
      userId: byName || isMe ? row.userId : null,
      username: byName && identity?.username ? identity.username : anonymousName(secret, org.id, row.userId),
      // A signed, expiring URL: avatars are fans' own uploads (decision 028).
      avatarUrl: byName ? fileUrls.privateUrl(org.id, identity?.avatarMediaId ?? null, now) : null,
      points: row.points,
      isMe,
      anonymous: !byName,
    };
  };
}

const periodJson = (p: Period) => ({
  key: p.key,
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt ? p.endsAt.toISOString() : null,
  name: p.name,
});

/** The SQL row of the period a board shows now (leaderboard-periods.ts). */
function periodSql(call: OrgCall, board: Exclude<LeaderboardBoard, 'friends'>) {
  const { org, now } = call;
  if (board === 'week') return weekPeriod(org, now);
  if (board === 'weekend') return weekendPeriod(org.id, now);
  return seasonPeriod(org, now);
}

/** GET /leaderboard/{board}: the top 100, the fan's own place and the fans around it. */
export async function getLeaderboard(
  call: FanCall,
  board: LeaderboardBoard,
  secret: string,
  fileUrls: FileUrlSigner,
): Promise<Leaderboard> {
  if (board === 'friends') {
    const period = await periodOf(call, board);
    return friendsBoard(call, period as Period, secret, fileUrls);
  }
  const read = await readBoard(
    call.db,
    call.org.id,
    periodSql(call, board),
    call.userId,
    LEADERBOARD_TOP,
    LEADERBOARD_AROUND,
  );
  if (!read)
    return { board, period: null, entries: [], me: { position: null, points: 0 }, around: [], total: 0 };
  const { top, me, above, below } = read;
  const present = presenter(call, read.identities, secret, fileUrls);
  const position = me?.position ?? 0;
  return {
    board,
    period: periodJson(read.period),
    entries: top.map((row, i) => present(row, i + 1)),
    me: { position: me?.position ?? null, points: me?.points ?? 0 },
    around: [
      ...above.map((row, i) => present(row, position - 1 - i)).reverse(),
      ...(me ? [present(me, position)] : []),
      ...below.map((row, i) => present(row, position + 1 + i)),
    ],
    // The count may lag a few seconds behind the rows just read (the histogram cache).
    total: Math.max(read.total, position, top.length),
  };
}

/** The friends board: the season's totals of the fan's referral circle (a few rows, sorted by SQL). */
async function friendsBoard(
  call: FanCall,
  period: Period,
  secret: string,
  fileUrls: FileUrlSigner,
): Promise<Leaderboard> {
  const { db, org, userId } = call;
  const circle = await referralCircle(db, org.id, userId);
  const rows = await scoresOf(db, org.id, period.key, circle);
  const present = presenter(call, await publicIdentities(db, org.id, circle), secret, fileUrls);
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
