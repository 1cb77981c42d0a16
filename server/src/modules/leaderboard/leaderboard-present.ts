import { createHmac } from 'node:crypto';
import { isUnderage } from '@paddock/contracts';
import type { LeaderboardEntry } from '@paddock/contracts/api/leaderboard';
import type { Organization } from '../../db/schema.ts';
import type { FileUrlSigner } from '../files/signed-file-urls.ts';
import type { PublicIdentity } from '../profile/public-identities.ts';
import type { Period } from './leaderboard-periods.ts';
import { todayIn } from '../../platform/calendar.ts';

/** A fan shown on a board: who and their total (the tie-break time is the database's concern). */
export interface BoardRow {
  userId: string;
  points: number;
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
 * its rows, mostly about the same fans, and splitting two date strings per row showed in the
 * read's CPU profile. A pure function of two strings, so never stale; bounded.
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

/** What presenting a row needs: the app's secret and file signer, the organization, the time. */
export interface PresentContext {
  org: Organization;
  now: Date;
  secret: string;
  fileUrls: FileUrlSigner;
}

export type Presenter = (row: BoardRow, position: number) => LeaderboardEntry;

/** Rows as `viewerId` sees them (null: a fan who is none of them, as on the shared top page). */
export function presenter(
  ctx: PresentContext,
  identities: Map<string, PublicIdentity>,
  viewerId: string | null,
): Presenter {
  const { org, now, secret, fileUrls } = ctx;
  const today = todayIn(org.timeZone, now);
  return (row, position) => {
    const identity = identities.get(row.userId);
    const byName = showsByName(identity, today);
    const isMe = row.userId === viewerId;
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

export const periodJson = (p: Period) => ({
  key: p.key,
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt ? p.endsAt.toISOString() : null,
  name: p.name,
});
