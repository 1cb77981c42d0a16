import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { PublicIdentity } from '../profile/public-identities.ts';
import { type Period, periodFromRow } from './leaderboard-periods.ts';
import { fansAhead } from './leaderboard-queries.ts';

/** A fan shown on a board: who and their total (the tie-break time is the database's concern). */
export interface BoardRow {
  userId: string;
  points: number;
}

/** A fan's board as one read: the head, the fan's own row and position, the fans around them. */
export interface BoardRead {
  period: Period;
  top: BoardRow[];
  me: (BoardRow & { position: number }) | null;
  /** Nearest first. */
  above: BoardRow[];
  below: BoardRow[];
  /** The public identity columns of every fan in the rows above, by id. */
  identities: Map<string, PublicIdentity>;
  total: number;
}

type Part = 'top' | 'me' | 'above' | 'below';

/** One row of the statement: the period (part null, once) or one fan of leaderboard_read. */
interface Row {
  key: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  name: string | null;
  part: Part | null;
  ord: number | null;
  userId: string;
  points: number;
  tied: number | null;
  username: string | null;
  avatarMediaId: string | null;
  birthday: string | null;
  leaderboardVisible: boolean;
}

/**
 * One statement, one round trip (decision 025, "one statement per read"): the period row, then
 * `leaderboard_read` (migration 0021) for that period — the top `top` (the head of the index
 * (organization_id, period, points desc, reached_at, user_id)), the fan's row with the count of
 * fans tied with them who reached the total first, up to `around` fans each side, each with the
 * public identity of the fan shown. The function's plans are kept per connection, so a read no
 * longer pays for planning. The period comes once, not on every row: its timestamps are the only
 * dates in the answer, and parsing them 110 times per read showed in the CPU profile. The fans
 * with more points come from the per-process histogram (leaderboard-queries.ts).
 */
export async function readBoard(
  db: Database,
  organizationId: string,
  period: RawBuilder<unknown>,
  userId: string,
  top: number,
  around: number,
): Promise<BoardRead | null> {
  const { rows } = await sql<Row>`
    with p as (${period})
    select key, starts_at, ends_at, name, null::text as part, null::bigint as ord, null::uuid as user_id,
      null::integer as points, null::bigint as tied, null::text as username, null::uuid as avatar_media_id,
      null::date as birthday, null::boolean as leaderboard_visible
    from p
    union all
    select null, null, null, null, r.part, r.ord, r.user_id, r.points, r.tied,
      u.username, u.avatar_media_id, u.birthday, u.leaderboard_visible
    from p
    cross join leaderboard_read(${organizationId}::uuid, p.key, ${userId}::uuid, ${top}::integer, ${around}::integer) r
    join users u on u.id = r.user_id and u.organization_id = ${organizationId}`.execute(db);
  const periodRow = rows.find((row) => row.part === null);
  if (!periodRow?.key || !periodRow.startsAt) return null;
  const { key, startsAt, endsAt, name } = periodRow;
  const parts: Record<Part, (BoardRow & { ord: number })[]> = { top: [], me: [], above: [], below: [] };
  const identities = new Map<string, PublicIdentity>();
  let tied = 0;
  for (const row of rows) {
    if (!row.part) continue;
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
  const read: BoardRead = {
    period: periodFromRow({ key, startsAt, endsAt, name }),
    top: of('top'),
    me: null,
    above: [],
    below: [],
    identities,
    total: 0,
  };
  const [mine] = of('me');
  const { ahead, total } = await fansAhead(db, organizationId, read.period.key, mine?.points ?? null);
  read.total = total;
  if (mine) {
    read.me = { ...mine, position: 1 + ahead + tied };
    read.above = of('above');
    read.below = of('below');
  }
  return read;
}
