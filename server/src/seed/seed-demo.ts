import type { Database } from '../db/engine.ts';
import { hasOrganizations } from '../modules/organization/organization-service.ts';
import { seedOrganization } from './organization-seed.ts';
import { DEMO_CREDENTIALS, seedAccount } from './profile-seed.ts';
import { seedSeason } from './seed-season.ts';

/**
 * First start on an empty database: the demo team, one fan and one operator. Returns the
 * credentials to print, or null when the database already holds an organization.
 */
export async function seedDemoIfEmpty(db: Database): Promise<typeof DEMO_CREDENTIALS | null> {
  if (await hasOrganizations(db)) return null;
  await db.transaction().execute(async (trx) => {
    const org = await seedOrganization(trx, {
      slug: 'apex-racing',
      name: 'Apex Racing',
      publishableKey: 'pk_apex_demo_public_key',
      loggedOffDashboard: false,
    });
    const fan = await seedAccount(trx, org.id, {
      ...DEMO_CREDENTIALS.fan,
      firstName: 'Alex',
      lastName: 'Rivera',
      birthday: '1995-06-14',
    });
    const operator = await seedAccount(trx, org.id, {
      ...DEMO_CREDENTIALS.operator,
      firstName: 'Olivia',
      lastName: 'Ops',
      birthday: '1988-02-03',
      role: 'admin',
    });
    await seedSeason(trx, { org, fanId: fan.id, operatorId: operator.id });
  });
  return DEMO_CREDENTIALS;
}
