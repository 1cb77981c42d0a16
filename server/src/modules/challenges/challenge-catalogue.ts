import type { Database } from '../../db/engine.ts';
import { organizationMemory } from '../../platform/organization-memory.ts';
import { type ChallengeEntry, describeChallenges, optionsAndQuestions } from './challenge-views.ts';

/**
 * An organization's challenge catalogue: every challenge not archived (upcoming ones included),
 * newest visibleFrom first, with its options, questions and the fan-independent part of its
 * view (decision 032). GET /challenge read and rebuilt all of this per request; now one build
 * serves every fan of the organization until an operator changes a challenge.
 *
 * Exactness (platform/organization-memory.ts): every operator write to challenges (create,
 * edit, archive, settle) calls `challengesChanged` after its transaction commits, which drops
 * the catalogue in this process at once and in every other one over the event bus;
 * CATALOGUE_FOR_MS bounds a lost notice. Nothing in it
 * depends on the clock: visibleFrom and expiry are judged against each request's `now`, and
 * the organization's hidden ids (its settings, invalidated with the organization cache) per
 * request too. The fan's own answers are never in it.
 */
export const CATALOGUE_FOR_MS = 5_000;
export const CHALLENGES_CHANGED = 'challenges_changed';

export interface Catalogue {
  /** Newest visibleFrom first, then id: GET /challenge's order. */
  entries: ChallengeEntry[];
  byId: Map<string, ChallengeEntry>;
}

async function build(db: Database, organizationId: string): Promise<Catalogue> {
  const rows = await db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('archivedAt', 'is', null)
    .orderBy('visibleFrom', 'desc')
    .orderBy('id')
    .execute();
  const [options, questions] =
    rows.length === 0
      ? [[], []]
      : await optionsAndQuestions(
          db,
          rows.map((r) => r.id),
          rows.filter((r) => r.subtype === 'trivia').map((r) => r.id),
        );
  const entries = describeChallenges(rows, options, questions);
  return { entries, byId: new Map(entries.map((e) => [e.row.id, e])) };
}

const catalogues = organizationMemory(CHALLENGES_CHANGED, build, CATALOGUE_FOR_MS);

/** The organization's catalogue (kept per app until an operator changes a challenge). */
export function challengeCatalogue(db: Database, organizationId: string): Promise<Catalogue> {
  return catalogues.get(db, organizationId);
}

/**
 * An operator's write to this organization's challenges has committed: drop the catalogue here
 * and, through the bus, everywhere. Called on the root handle after the transaction, never
 * inside it (a drop before the commit could let a build read the old rows and keep them).
 */
export function challengesChanged(db: Database, organizationId: string) {
  catalogues.changed(db, organizationId);
}
