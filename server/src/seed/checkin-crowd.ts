import type { Database } from '../db/engine.ts';
import type { CrowdActivity } from './challenges-crowd.ts';
import { insertChunks } from './seed-batches.ts';

/** The crowd's check-in rows (their points travel as ledger lines, like every point). */
export async function insertCrowdCheckins(db: Database, checkins: CrowdActivity['checkins']) {
  await insertChunks(checkins, (rows) => db.insertInto('checkins').values(rows).execute());
}
