import type { Database } from '../../db/engine.ts';
import { busOf, publishAfterCommit } from '../../platform/events/after-commit.ts';
import { type EventBus, INTERNAL_TOPIC } from '../../platform/events/event-bus.ts';
import { ExpiringMap } from '../../platform/expiring-map.ts';
import { type ChallengeEntry, describeChallenges, optionsAndQuestions } from './challenge-views.ts';

/**
 * An organization's challenge catalogue: every challenge not archived (upcoming ones included),
 * newest visibleFrom first, with its options, questions and the fan-independent part of its
 * view (decision 032). GET /challenge read and rebuilt all of this per request; now one build
 * serves every fan of the organization until an operator changes a challenge.
 *
 * Exactness: every operator write to challenges (create, edit, archive, settle) calls
 * `challengesChanged` after its transaction commits: this process drops the entry at once and
 * a `challenges_changed` notice on the event bus (decision 016) drops it in every other
 * process. A build that began before a drop answers its callers but is not kept, so rows read
 * before the commit cannot outlive it; CATALOGUE_FOR_MS bounds a lost notice. Nothing in it
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

class Catalogues {
  private readonly kept = new ExpiringMap<Catalogue>(CATALOGUE_FOR_MS, 10_000);
  /** One build per organization at a time: a burst after a drop waits for it instead of repeating it. */
  private readonly building = new Map<string, Promise<Catalogue>>();
  /** Bumped by every drop: a build that began before it is returned but not kept. */
  private generation = 0;

  of(db: Database, organizationId: string): Promise<Catalogue> {
    const hit = this.kept.get(organizationId);
    if (hit) return Promise.resolve(hit);
    const pending = this.building.get(organizationId);
    if (pending) return pending;
    const generation = this.generation;
    const done = () => {
      if (this.building.get(organizationId) === load) this.building.delete(organizationId);
    };
    const load = build(db, organizationId).then(
      (catalogue) => {
        done();
        if (generation === this.generation) this.kept.set(organizationId, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.building.set(organizationId, load);
    return load;
  }

  drop(organizationId: string) {
    this.generation += 1;
    this.kept.delete(organizationId);
    this.building.delete(organizationId);
  }
}

/** One set of catalogues per app (found through its database handle's bus), as for sessions. */
const byBus = new WeakMap<EventBus, Catalogues>();

function cataloguesOf(bus: EventBus): Catalogues {
  let catalogues = byBus.get(bus);
  if (!catalogues) {
    const created = new Catalogues();
    // Subscribed before the first build, so no notice can fall between a build and its use.
    bus.subscribe((event) => {
      if (event.topic === INTERNAL_TOPIC && event.event === CHALLENGES_CHANGED)
        created.drop(event.organizationId);
    });
    byBus.set(bus, created);
    catalogues = created;
  }
  return catalogues;
}

/** The organization's catalogue; built afresh for a handle without a bus (nothing could invalidate it). */
export function challengeCatalogue(db: Database, organizationId: string): Promise<Catalogue> {
  const bus = busOf(db);
  return bus ? cataloguesOf(bus).of(db, organizationId) : build(db, organizationId);
}

/**
 * An operator's write to this organization's challenges has committed: drop the catalogue here
 * and, through the bus, everywhere. Called on the root handle after the transaction, never
 * inside it (a drop before the commit could let a build read the old rows and keep them).
 */
export function challengesChanged(db: Database, organizationId: string) {
  if (db.isTransaction) throw new Error('challengesChanged runs after the transaction commits');
  const bus = busOf(db);
  if (bus) byBus.get(bus)?.drop(organizationId);
  publishAfterCommit(db, { organizationId, topic: INTERNAL_TOPIC, event: CHALLENGES_CHANGED, payload: {} });
}
