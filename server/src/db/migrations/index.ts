import type { Migration } from 'kysely';
import * as core from './0001_core.ts';
import * as auth from './0002_auth.ts';
import * as challenges from './0003_challenges.ts';
import * as content from './0004_content.ts';
import * as sweepstakes from './0005_sweepstakes.ts';
import * as fan from './0006_fan.ts';
import * as rewards from './0007_rewards.ts';
import * as idempotency from './0008_idempotency.ts';
import * as leaderboard from './0010_leaderboard.ts';
import * as rateLimits from './0011_rate_limits.ts';
import * as winnerClaims from './0013_winner_claims.ts';
import * as hotPathIndexes from './0014_hot_path_indexes.ts';
import * as untimedMode from './0015_untimed_mode.ts';
import * as platformSecrets from './0019_platform_secrets.ts';
import * as unloggedRateLimits from './0020_unlogged_rate_limits.ts';
import * as leaderboardRead from './0021_leaderboard_read.ts';
import * as sessionTokenDigest from './0022_session_token_digest.ts';
import * as balanceRoom from './0023_balance_room.ts';
import * as leaderboardAwardUpsert from './0024_leaderboard_award_upsert.ts';
import * as commitRefusal from './0025_commit_refusal.ts';

/**
 * Every migration, in order. One file per domain step; names sort by their number prefix.
 * Add a new file rather than editing one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_auth': auth,
  '0003_challenges': challenges,
  '0004_content': content,
  '0005_sweepstakes': sweepstakes,
  '0006_fan': fan,
  '0007_rewards': rewards,
  '0008_idempotency': idempotency,
  '0010_leaderboard': leaderboard,
  '0011_rate_limits': rateLimits,
  '0013_winner_claims': winnerClaims,
  '0014_hot_path_indexes': hotPathIndexes,
  '0015_untimed_mode': untimedMode,
  '0019_platform_secrets': platformSecrets,
  '0020_unlogged_rate_limits': unloggedRateLimits,
  '0021_leaderboard_read': leaderboardRead,
  '0022_session_token_digest': sessionTokenDigest,
  '0023_balance_room': balanceRoom,
  '0024_leaderboard_award_upsert': leaderboardAwardUpsert,
  '0025_commit_refusal': commitRefusal,
};
