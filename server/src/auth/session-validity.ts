import type { Database } from '../db/engine.ts';
import { busOf, publishAfterCommit } from '../platform/events/after-commit.ts';
import { type EventBus, INTERNAL_TOPIC } from '../platform/events/event-bus.ts';

/**
 * A short memory of sessions the database recently confirmed, so the product API does not
 * read the sessions table on every call (decision 032). A session ended in this process is
 * forgotten at once; one ended by another process is forgotten when that process's notice
 * arrives over the event bus (decision 016), and at worst (a notice lost while a bus
 * connection reconnects) stops working when its confirmation lapses, CONFIRMED_FOR_MS later.
 * One memory per app, found through its database handle's event bus, so two apps in one
 * process (the tests) behave as two processes.
 */
export const CONFIRMED_FOR_MS = 5_000;
const MAX_ENTRIES = 200_000;
/** Session ids per bus notice: well under PostgreSQL's 8000-byte NOTIFY payload. */
const IDS_PER_NOTICE = 100;
export const SESSIONS_ENDED = 'sessions_ended';

export class SessionConfirmations {
  /**
   * Session id → when its confirmation lapses (whole ms of `performance.now()`). One entry per
   * fan at race day, so no wrapper object and no fan id: the row read that confirmed it matched
   * both, and a session id reaches this check only from a token whose signature binds it to
   * that same fan.
   */
  private readonly confirmed = new Map<string, number>();
  /**
   * Bumped by every forget. A check that read the session row before a forget may have seen a
   * session being deleted, so its confirmation is not kept (else it would outlive the notice).
   */
  private epoch = 0;

  get since(): number {
    return this.epoch;
  }

  recentlyConfirmed(sessionId: string): boolean {
    const until = this.confirmed.get(sessionId);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    this.confirmed.delete(sessionId);
    return false;
  }

  /** Remembers a confirmation read since `since`, unless a forget came in between. */
  remember(sessionId: string, since: number) {
    if (since !== this.epoch) return;
    const now = performance.now();
    if (this.confirmed.size >= MAX_ENTRIES) {
      for (const [id, until] of this.confirmed) if (until <= now) this.confirmed.delete(id);
      if (this.confirmed.size >= MAX_ENTRIES) this.confirmed.clear();
    }
    // Whole milliseconds are stored unboxed (V8 small integers, up to ~12 days of uptime).
    this.confirmed.set(sessionId, Math.floor(now) + CONFIRMED_FOR_MS);
  }

  forget(sessionIds: Iterable<string>) {
    this.epoch += 1;
    for (const id of sessionIds) this.confirmed.delete(id);
  }
}

const byBus = new WeakMap<EventBus, SessionConfirmations>();
/** A handle with no bus (a script's own database) checks no sessions; it gets a memory of its own. */
const unbound = new SessionConfirmations();

function confirmationsOfBus(bus: EventBus): SessionConfirmations {
  let confirmations = byBus.get(bus);
  if (!confirmations) {
    confirmations = new SessionConfirmations();
    byBus.set(bus, confirmations);
  }
  return confirmations;
}

/** The confirmations of the app `db` belongs to (a root handle or one of its transactions). */
export function sessionConfirmations(db: Database): SessionConfirmations {
  const bus = busOf(db);
  return bus ? confirmationsOfBus(bus) : unbound;
}

/**
 * Sessions were deleted on `db`: forgotten in this app at once, and in every process once the
 * deleting transaction commits (a notice on the event bus, never delivered to fans).
 */
export function sessionsEnded(db: Database, organizationId: string, sessionIds: string[]) {
  sessionConfirmations(db).forget(sessionIds);
  for (let i = 0; i < sessionIds.length; i += IDS_PER_NOTICE) {
    publishAfterCommit(db, {
      organizationId,
      topic: INTERNAL_TOPIC,
      event: SESSIONS_ENDED,
      payload: { sessionIds: sessionIds.slice(i, i + IDS_PER_NOTICE) },
    });
  }
}

/** Makes this app forget the sessions any process ended (bootstrap); returns the unsubscribe. */
export function forgetSessionsEndedElsewhere(bus: EventBus): () => void {
  const confirmations = confirmationsOfBus(bus);
  return bus.subscribe((event) => {
    if (event.topic !== INTERNAL_TOPIC || event.event !== SESSIONS_ENDED) return;
    const ids = event.payload.sessionIds;
    if (Array.isArray(ids)) confirmations.forget(ids.filter((id): id is string => typeof id === 'string'));
  });
}
