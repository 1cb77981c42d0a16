import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { PublicIdentity } from '../profile/public-identities.ts';
import type { BoardRow } from './leaderboard-present.ts';
import { fansAhead } from './leaderboard-queries.ts';

/** A fan's own place as one read: their row and position, the fans around them (not the head). */
export interface BoardRead {
  /** `tied`: the fans on the same total who reached it first. */
  me: (BoardRow & { position: number; tied: number }) | null;
  /** Nearest first. */
  above: BoardRow[];
  below: BoardRow[];
  /** The public identity columns of every fan in the rows above, by id. */
  identities: Map<string, PublicIdentity>;
  total: number;
}

type Part = 'me' | 'above' | 'below';

/** One row of the statement: one fan of leaderboard_read with their public identity. */
interface Row {
  part: Part;
  ord: number;
  userId: string;
  points: number;
  tied: number | null;
  username: string | null;
  avatarMediaId: string | null;
  birthday: string | null;
  leaderboardVisible: boolean;
}

/**
 * One statement, one round trip (decision 025, "one statement per read"): `leaderboard_read`
 * (migration 0021) for the period without its head (top_n 0: the head is the shared top page,
 * leaderboard-top.ts) — the fan's row with the count of fans tied with them who reached the
 * total first, up to `around` fans each side — each with the public identity of the fan shown.
 * The function's plans are kept per connection; the period is the caller's (kept in memory,
 * leaderboard-period-cache.ts), not recomputed here. The fans with more points come from the
 * per-process histogram (leaderboard-queries.ts).
 */
export async function readBoard(
  db: Database,
  organizationId: string,
  period: string,
  userId: string,
  around: number,
): Promise<BoardRead> {
  const { rows } = await sql<Row>`
    select r.part, r.ord, r.user_id, r.points, r.tied,
      u.username, u.avatar_media_id, u.birthday, u.leaderboard_visible
    from leaderboard_read(${organizationId}::uuid, ${period}, ${userId}::uuid, 0, ${around}::integer) r
    join users u on u.id = r.user_id and u.organization_id = ${organizationId}`.execute(db);
  const parts: Record<Part, (BoardRow & { ord: number })[]> = { me: [], above: [], below: [] };
  const identities = new Map<string, PublicIdentity>();
  let tied = 0;
  for (const row of rows) {
    parts[row.part].push({ userId: row.userId, points: row.points, ord: Number(row.ord) });
    if (row.part === 'me') tied = Number(row.tied);
    identities.set(row.userId, {
      username: row.username,
      avatarMediaId: row.avatarMediaId,
      birthday: row.birthday,
      leaderboardVisible: row.leaderboardVisible,
      email: null,
    });
  }
  // Each part in the order its row_number gave it (a set-returning function promises none).
  const of = (part: Part): BoardRow[] =>
    parts[part].sort((a, b) => a.ord - b.ord).map(({ userId, points }) => ({ userId, points }));
  const [mine] = of('me');
  const { ahead, total } = await fansAhead(db, organizationId, period, mine?.points ?? null);
  if (!mine) return { me: null, above: [], below: [], identities, total };
  return {
    me: { ...mine, position: 1 + ahead + tied, tied },
    above: of('above'),
    below: of('below'),
    identities,
    total,
  };
}
