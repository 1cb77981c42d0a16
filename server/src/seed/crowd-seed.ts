import { replayWithBoardsRebuilt } from '../modules/leaderboard/leaderboard-replay.ts';
import { postDatedLines } from '../modules/ledger/ledger-replay.ts';
import { type CrowdActivity, crowdAnswers, crowdCheckins, insertCrowdAnswers } from './challenges-crowd.ts';
import { insertCrowdCheckins } from './checkin-crowd.ts';
import { seedCrowdFans } from './profile-crowd.ts';
import { crowdSweepstakeEntries } from './sweepstakes-crowd.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { seedRandom } from './seed-random.ts';

/** How many demo fans fill the season (results, boards and charts that look alive). */
export const CROWD_SIZE = 300;

/**
 * The demo crowd: CROWD_SIZE fans with poll votes, pick'em predictions, finished quizzes,
 * keywords, check-ins and sweepstake entries spread over the past weeks, and a sweepstake closed
 * and waiting for its draw. Seeded dice make every start alike. Rows go in by the thousand (a
 * first start stays quick), and every point through the ledger (postDatedLines), so each
 * balance equals its ledger. The demo fan is left alone: their journeys start from nothing.
 * Runs after the challenges and sweepstakes it answers and enters.
 */
export async function seedCrowd(ctx: SeasonSeedContext, size = CROWD_SIZE): Promise<void> {
  const { db, org, now } = ctx;
  const rnd = seedRandom(20_260_614);
  const fans = await seedCrowdFans(ctx, rnd, size);
  const activity: CrowdActivity = { responses: [], triviaAnswers: [], checkins: [], ledger: [] };
  await crowdAnswers(db, org, now, fans, rnd, activity);
  crowdCheckins(org, now, fans, rnd, activity);
  await crowdSweepstakeEntries(ctx, fans, rnd, activity.ledger);

  await insertCrowdAnswers(db, activity);
  await insertCrowdCheckins(db, activity.checkins);
  // Oldest first: a leaderboard total is reached with its fan's latest line (decision 025).
  activity.ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
  await replayWithBoardsRebuilt(db, org.id, () => postDatedLines(db, activity.ledger));
}
