import type { SeasonSeedContext } from '../../seed/season/season-seed-context.ts';

/** Demo season: playlists, videos, articles and stories. */
export async function seedContent(_ctx: SeasonSeedContext): Promise<void> {}
