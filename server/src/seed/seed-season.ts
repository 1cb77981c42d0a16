import { statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import { recordMedia } from '../modules/files/files-service.ts';
import { SEED_ASSETS_DIR } from '../platform/file-store.ts';
import { seedChallenges } from './challenges-seed.ts';
import { seedContent } from './content-seed.ts';
import { seedCrowd } from './crowd-seed.ts';
import { seedRewards } from './rewards-seed.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { seedSweepstakes } from './sweepstakes-seed.ts';

/**
 * What every domain's seed receives; files under server/seed-assets become media rows of the
 * organization (stored as `asset:<path>`, served from the committed file).
 */
export function seasonSeedContext(
  db: Database,
  opts: { org: Organization; fanId: string; operatorId: string; now?: Date },
): SeasonSeedContext {
  return {
    db,
    org: opts.org,
    now: opts.now ?? new Date(),
    fanId: opts.fanId,
    operatorId: opts.operatorId,
    async asset(relativePath, contentType) {
      const row = await recordMedia(db, {
        organizationId: opts.org.id,
        ownerUserId: null,
        purpose: 'seed',
        contentType,
        byteSize: statSync(path.join(SEED_ASSETS_DIR, relativePath)).size,
        storageKey: `asset:${relativePath}`,
        originalName: path.basename(relativePath),
      });
      return row.id;
    },
  };
}

/** The demo season that makes a first start look like a team's club (issue: demo season seed). */
export async function seedSeason(
  db: Database,
  opts: { org: Organization; fanId: string; operatorId: string; now?: Date },
): Promise<void> {
  const ctx = seasonSeedContext(db, opts);
  await seedChallenges(ctx);
  await seedContent(ctx);
  await seedSweepstakes(ctx);
  await seedRewards(ctx);
  await seedCrowd(ctx);
}
