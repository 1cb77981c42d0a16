import {
  LEADERBOARD_TOP,
  type LeaderboardEntry,
  leaderboardEntrySchema,
} from '@paddock/contracts/api/leaderboard';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/engine.ts';
import type { PublicIdentity } from '../profile/public-identities.ts';
import { type BoardRow, type PresentContext, presenter } from './leaderboard-present.ts';

/**
 * The head of one board as every fan who is not on it sees it (decision 025, "the top page"):
 * the same for all of an organization's fans, so it is read, presented, checked against the
 * contract and serialised once, then kept for TOP_PAGE_TTL_MS per process. A fan's read then
 * costs only their own row and the fans around them. One row more than the page shows, so a
 * fan on the page who is moved (their own fresh total, leaderboard-service.ts) leaves it full.
 */
export interface TopPage {
  /** Board order, LEADERBOARD_TOP + 1 rows at most. */
  rows: BoardRow[];
  /** The rows presented to a fan who is none of them; `position` is the index + 1. */
  entries: LeaderboardEntry[];
  /** The first LEADERBOARD_TOP entries as a JSON array, sent as is to most fans. */
  json: string;
  /** Row index by user id. */
  index: Map<string, number>;
}

/**
 * 1 s: other fans' moves and profile changes (a name, an avatar, the `leaderboardVisible`
 * opt-out) reach the top page at most this late; a fan's own row never waits (the service
 * replaces it with the fresh one). Time is the process's monotonic clock: a lapse is plumbing.
 */
export const TOP_PAGE_TTL_MS = 1_000;
const TOP_PAGE_CACHE_MAX = 1_000;

interface Cached {
  at: number;
  /** The app secret the names were made with (apps sharing one process may differ). */
  secret: string;
  page: Promise<TopPage>;
}

const pages = new Map<string, Cached>();

interface Row {
  userId: string;
  points: number;
  username: string | null;
  avatarMediaId: string | null;
  birthday: string | null;
  leaderboardVisible: boolean;
}

const entriesSchema = z.array(leaderboardEntrySchema);

/** Reads and presents the head of a board: one index scan of its first rows, joined by primary key. */
async function loadTopPage(db: Database, ctx: PresentContext, period: string): Promise<TopPage> {
  const organizationId = ctx.org.id;
  const { rows } = await sql<Row>`
    select s.user_id, s.points, u.username, u.avatar_media_id, u.birthday, u.leaderboard_visible
    from leaderboard_scores s
    join users u on u.id = s.user_id and u.organization_id = ${organizationId}
    where s.organization_id = ${organizationId} and s.period = ${period}
    order by s.points desc, s.reached_at, s.user_id
    limit ${LEADERBOARD_TOP + 1}`.execute(db);
  const identities = new Map<string, PublicIdentity>();
  const index = new Map<string, number>();
  const boardRows: BoardRow[] = rows.map((row, i) => {
    const { userId, points, ...identity } = row;
    identities.set(userId, { ...identity, email: null });
    index.set(userId, i);
    return { userId, points };
  });
  const present = presenter(ctx, identities, null);
  // Checked once here rather than on every response (the route sends the JSON as is).
  const entries = entriesSchema.parse(boardRows.map((row, i) => present(row, i + 1)));
  return { rows: boardRows, entries, json: JSON.stringify(entries.slice(0, LEADERBOARD_TOP)), index };
}

/** The board's top page, from memory when loaded under TOP_PAGE_TTL_MS ago; one load at a time. */
export function topPage(db: Database, ctx: PresentContext, period: string): Promise<TopPage> {
  const key = `${ctx.org.id}|${period}`;
  const now = performance.now();
  const cached = pages.get(key);
  if (cached && cached.secret === ctx.secret && now - cached.at < TOP_PAGE_TTL_MS) return cached.page;
  if (pages.size >= TOP_PAGE_CACHE_MAX) pages.clear();
  const page = loadTopPage(db, ctx, period);
  const entry: Cached = { at: now, secret: ctx.secret, page };
  pages.set(key, entry);
  // A failed load is not kept: the next reader tries again.
  page.catch(() => {
    if (pages.get(key) === entry) pages.delete(key);
  });
  return page;
}

/** Forget a board's top page (a period rebuilt or dropped in this process shows at once). */
export function forgetTopPage(organizationId: string, period: string) {
  pages.delete(`${organizationId}|${period}`);
}
