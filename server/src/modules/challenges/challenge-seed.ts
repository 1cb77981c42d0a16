import type { SeasonSeedContext } from '../../seed/season/season-seed-context.ts';

/** Demo season: challenges of every subtype (some expired, some upcoming, a pick'em ready to settle) and the check-in table. */
export async function seedChallenges(_ctx: SeasonSeedContext): Promise<void> {}
