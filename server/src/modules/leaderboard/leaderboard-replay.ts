import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';

/**
 * Runs a bulk replay of ledger lines (the demo season of a first start) with the boards'
 * per-line trigger switched off, then rebuilds the organization's boards from its ledger in one
 * pass. The trigger costs a few statements per line, which made thousands of replayed lines
 * take tens of seconds on PGlite; the rebuild gives the same totals (decision 025: totals follow
 * the ledger, ties by the last line's time). Only inside the caller's transaction: the
 * ALTER TABLE lock makes every other writer of the ledger wait until it commits, so no line
 * of theirs can miss the trigger.
 */
export async function replayWithBoardsRebuilt(
  trx: Database,
  organizationId: string,
  replay: () => Promise<void>,
): Promise<void> {
  await sql`alter table point_transactions disable trigger leaderboard_scores_follow_ledger`.execute(trx);
  await replay();
  await sql`alter table point_transactions enable trigger leaderboard_scores_follow_ledger`.execute(trx);
  await sql`
    delete from leaderboard_scores where organization_id = ${organizationId}
      and (period like 'week:%' or period like 'season:%')`.execute(trx);
  await sql`
    insert into leaderboard_scores (organization_id, period, user_id, points, reached_at)
      select t.organization_id, p.key, t.user_id, sum(t.amount), max(t.created_at)
      from point_transactions t
      join organizations o on o.id = t.organization_id
      left join leaderboard_settings s on s.organization_id = t.organization_id
      cross join lateral (values
        (leaderboard_week(t.created_at, o.time_zone)),
        (leaderboard_season(t.created_at, o.time_zone, s.season_starts_on))) as p(key)
      where t.organization_id = ${organizationId} and leaderboard_counts(t.amount, t.kind)
      group by t.organization_id, p.key, t.user_id
      having sum(t.amount) > 0`.execute(trx);
  const weekends = await trx
    .selectFrom('leaderboardWeekends')
    .select(['id', 'startsAt', 'endsAt'])
    .where('organizationId', '=', organizationId)
    .execute();
  for (const w of weekends) {
    await sql`select leaderboard_rebuild(${organizationId}::uuid, ${`weekend:${w.id}`}, ${w.startsAt}::timestamptz, ${w.endsAt}::timestamptz)`.execute(
      trx,
    );
  }
}
