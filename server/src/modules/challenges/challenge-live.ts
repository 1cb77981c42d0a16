import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';

/** Decision 024: at most one results update per second per challenge. */
const RESULTS_INTERVAL_MS = 1_000;

const lastSent = new Map<string, number>();
const trailing = new Map<string, NodeJS.Timeout>();

/**
 * `poll_results` on `live` after an answer commits (decision 024). The event says that the
 * aggregate results of this challenge changed and carries no tallies: product §10.2.1.6 shows
 * results to a fan only once they have answered, and every fan of the organization receives
 * `live`. A fan who may read them refetches the challenge. Hidden-until-close polls announce
 * nothing while open. Coalesced per challenge in this process: the first answer in a quiet
 * second announces at once, the rest of that second share one trailing announcement.
 */
export function announceResults(
  db: Database,
  challenge: { id: string; organizationId: string; hideResultsUntilClose: boolean; expired: boolean },
  now = Date.now(),
) {
  if (challenge.hideResultsUntilClose && !challenge.expired) return;
  if (trailing.has(challenge.id)) return;
  const send = () => {
    lastSent.set(challenge.id, Date.now());
    publishAfterCommit(db, {
      organizationId: challenge.organizationId,
      topic: 'live',
      event: 'poll_results',
      payload: { challengeId: challenge.id },
    });
  };
  const wait = (lastSent.get(challenge.id) ?? 0) + RESULTS_INTERVAL_MS - now;
  if (wait <= 0) return send();
  const timer = setTimeout(() => {
    trailing.delete(challenge.id);
    send();
  }, wait);
  timer.unref();
  trailing.set(challenge.id, timer);
  if (lastSent.size > 10_000) lastSent.clear();
}

/** `challenge_published` when a challenge fans can already see is created (product §10.2.1.2). */
export function announcePublished(
  trx: Database,
  organizationId: string,
  challenge: { id: string; subtype: string; visibleFrom: string | Date },
  now: Date,
) {
  if (new Date(challenge.visibleFrom).getTime() > now.getTime()) return;
  publishAfterCommit(trx, {
    organizationId,
    topic: 'live',
    event: 'challenge_published',
    payload: { challengeId: challenge.id, subtype: challenge.subtype },
  });
}

/** `challenge_settled` with the outcome, public once settled (product §10.2.1.5). */
export function announceSettled(
  trx: Database,
  organizationId: string,
  challengeId: string,
  outcomeIndex: number,
) {
  publishAfterCommit(trx, {
    organizationId,
    topic: 'live',
    event: 'challenge_settled',
    payload: { challengeId, outcomeIndex },
  });
}
