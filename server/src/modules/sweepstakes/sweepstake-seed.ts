import type { SeasonSeedContext } from '../../seed/season/season-seed-context.ts';

/** Demo season: sweepstakes (live, coming soon, ended with winners) and activations. */
export async function seedSweepstakes(_ctx: SeasonSeedContext): Promise<void> {}
