import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { PublicIdentity } from '../profile/public-identities.ts';
import { type Period, periodFromRow } from './leaderboard-periods.ts';
import { fansAhead, type ScoreRow } from './leaderboard-queries.ts';

/** A fan's board as one read: the head, the fan's own row and position, the fans around them. */
export interface BoardRead {
  period: Period;
  top: ScoreRow[];
  me: (ScoreRow & { position: number }) | null;
  above: ScoreRow[];
  below: ScoreRow[];
  /** The public identity columns of every fan in the rows above, by id. */
  identities: Map<string, PublicIdentity>;
  total: number;
}

interface Row {
  key: string;
  startsAt: Date;
  endsAt: Date | null;
  name: string | null;
  part: 'top' | 'me' | 'above' | 'below' | null;
  ord: number | string | null;
  userId: string;
  points: number;
  reachedAt: Date;
  tied: number | string | null;
  username: string | null;
  avatarMediaId: string | null;
  birthday: string | null;
  leaderboardVisible: boolean;
}

/**
 * One statement, one round trip (decision 025, "reads are index scans"): the period, the top
 * `top` (the head of the index (organization_id, period, points desc, reached_at, user_id)),
 * the fan's row with the count of fans tied with them who reached the total first (an index
 * range), up to `around` fans each side (two short scans per side: the same total on the near
 * side of the tie-break, then the next totals), and the public identity of every fan shown.
 * On a loaded machine each round trip waits for a turn on the CPU, so the earlier five
 * sequential round trips (period, scores, neighbours, identities) cost more than the queries.
 * The fans with more points come from the per-process histogram (leaderboard-queries.ts).
 * `s` is NOT MATERIALIZED: referenced by several branches, PostgreSQL would otherwise copy the
 * whole board into it before any branch reads its few rows.
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
    with p as (${period}),
    s as not materialized (
      select user_id, points, reached_at from leaderboard_scores
      where organization_id = ${organizationId} and period = (select key from p)
    ),
    me as (
      select user_id, points, reached_at,
        (select count(*) from s t where t.points = m.points
           and (t.reached_at, t.user_id) < (m.reached_at, m.user_id)) as tied
      from s m where user_id = ${userId}
    ),
    parts as (
      select 'top' as part, row_number() over (order by points desc, reached_at, user_id) as ord,
        user_id, points, reached_at, null::bigint as tied
      from (select * from s order by points desc, reached_at, user_id limit ${top}) b
      union all
      select 'me', 1, user_id, points, reached_at, tied from me
      union all
      select 'above', row_number() over (order by tied_first, points, reached_at desc, user_id desc),
        user_id, points, reached_at, null
      from (
        (select 0 as tied_first, * from s
         where points = (select points from me)
           and (reached_at, user_id) < ((select reached_at from me), (select user_id from me))
         order by reached_at desc, user_id desc limit ${around})
        union all
        (select 1, * from s where points > (select points from me)
         order by points, reached_at desc, user_id desc limit ${around})
      ) b
      union all
      select 'below', row_number() over (order by tied_first, points desc, reached_at, user_id),
        user_id, points, reached_at, null
      from (
        (select 0 as tied_first, * from s
         where points = (select points from me)
           and (reached_at, user_id) > ((select reached_at from me), (select user_id from me))
         order by reached_at, user_id limit ${around})
        union all
        (select 1, * from s where points < (select points from me)
         order by points desc, reached_at, user_id limit ${around})
      ) b
    )
    select p.key, p.starts_at, p.ends_at, p.name, x.part, x.ord, x.user_id, x.points, x.reached_at, x.tied,
      u.username, u.avatar_media_id, u.birthday, u.leaderboard_visible
    from p left join (parts x join users u on u.id = x.user_id and u.organization_id = ${organizationId})
      on true`.execute(db);
  const first = rows[0];
  if (!first) return null;
  const read: BoardRead = {
    period: periodFromRow(first),
    top: [],
    me: null,
    above: [],
    below: [],
    identities: new Map(),
    total: 0,
  };
  const parts = new Map<string, (ScoreRow & { ord: number })[]>();
  let tied = 0;
  for (const row of rows) {
    if (!row.part) continue;
    const score = { userId: row.userId, points: row.points, reachedAt: new Date(row.reachedAt) };
    parts.set(row.part, [...(parts.get(row.part) ?? []), { ...score, ord: Number(row.ord) }]);
    if (row.part === 'me') tied = Number(row.tied);
    read.identities.set(row.userId, {
      username: row.username,
      avatarMediaId: row.avatarMediaId,
      birthday: row.birthday,
      leaderboardVisible: row.leaderboardVisible,
      email: null,
    });
  }
  // Each part in the order its row_number gave it (a union promises no order of its own).
  const of = (part: string): ScoreRow[] =>
    (parts.get(part) ?? []).sort((a, b) => a.ord - b.ord).map(({ ord: _, ...score }) => score);
  read.top = of('top');
  const [mine] = of('me');
  const { ahead, total } = await fansAhead(db, organizationId, read.period.key, mine?.points ?? null);
  read.total = total;
  if (mine) {
    read.me = { ...mine, position: 1 + ahead + tied };
    // Nearest first: the same total on the near side of the tie-break, then the next totals.
    read.above = of('above').slice(0, around);
    read.below = of('below').slice(0, around);
  }
  return read;
}
