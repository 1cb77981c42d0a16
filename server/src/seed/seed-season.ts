import { statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import { seedChallenges } from './challenges-seed.ts';
import { seedContent } from './content-seed.ts';
import { seedRewards } from './rewards-seed.ts';
import { seedSweepstakes } from './sweepstakes-seed.ts';
import { SEED_ASSETS_DIR } from '../platform/file-store.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';

/** The demo season that makes a first start look like a team's club (issue: demo season seed). */
export async function seedSeason(
  db: Database,
  opts: { org: Organization; fanId: string; operatorId: string; now?: Date },
): Promise<void> {
  const ctx: SeasonSeedContext = {
    db,
    org: opts.org,
    now: opts.now ?? new Date(),
    fanId: opts.fanId,
    operatorId: opts.operatorId,
    async asset(relativePath, contentType) {
      const size = statSync(path.join(SEED_ASSETS_DIR, relativePath)).size;
      const row = await db
        .insertInto('media')
        .values({
          organizationId: opts.org.id,
          ownerUserId: null,
          purpose: 'seed',
          contentType,
          byteSize: size,
          storageKey: `asset:${relativePath}`,
          originalName: path.basename(relativePath),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
  await seedChallenges(ctx);
  await seedContent(ctx);
  await seedSweepstakes(ctx);
  await seedRewards(ctx);
}
