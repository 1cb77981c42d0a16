import type { Database } from '../db/engine.ts';
import { seasonSeedContext } from '../seed/seed-season.ts';
import { createFan, createOrg, type TestContext } from './test-app.ts';

/**
 * A fresh organization with the people a demo-season seed needs: the demo fan (Alex Rivera, an
 * adult) and an admin operator, and the seed context to run a domain's seed with (in `db`,
 * e.g. a transaction, or the test's database).
 */
export async function demoTeam(t: TestContext) {
  const org = await createOrg(t);
  const fan = await createFan(t, org, { firstName: 'Alex', lastName: 'Rivera', birthday: '1995-06-14' });
  const operator = await createFan(t, org, { roles: ['admin'] });
  const context = (db: Database = t.db) =>
    seasonSeedContext(db, { org, now: t.clock.now(), fanId: fan.user.id, operatorId: operator.user.id });
  return { org, fan, operator, context };
}
