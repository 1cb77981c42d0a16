import { replayWithBoardsRebuilt } from '../modules/leaderboard/leaderboard-replay.ts';
import { postDatedLines } from '../modules/ledger/ledger-replay.ts';
import { type CrowdActivity, crowdAnswers, crowdCheckins } from './crowd-answers.ts';
import { seedCrowdFans } from './crowd-fans.ts';
import { crowdSweepstakeEntries } from './crowd-sweepstakes.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { seedRandom } from './seed-random.ts';

/** How many demo fans fill the season (issue 15 item 9: results, boards and charts that look alive). */
export const CROWD_SIZE = 300;
const CHUNK = 1000;

async function insertChunks<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

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

  await insertChunks(activity.responses, (rows) =>
    db.insertInto('challengeResponses').values(rows).execute(),
  );
  await insertChunks(activity.triviaAnswers, (rows) => db.insertInto('triviaAnswers').values(rows).execute());
  await insertChunks(activity.checkins, (rows) => db.insertInto('checkins').values(rows).execute());
  // Oldest first: a leaderboard total is reached with its fan's latest line (decision 025).
  activity.ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
  await replayWithBoardsRebuilt(db, org.id, () => postDatedLines(db, activity.ledger));
}
