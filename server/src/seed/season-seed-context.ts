import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';

/** What every domain's demo seed receives: the demo team, its people and the moment of seeding. */
export interface SeasonSeedContext {
  db: Database;
  org: Organization;
  now: Date;
  fanId: string;
  operatorId: string;
  /** Registers a committed file under server/seed-assets as a media row; returns its mediaId. */
  asset(relativePath: string, contentType: string): Promise<string>;
}
