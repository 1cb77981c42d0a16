import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import { resultsTally } from './challenge-tally.ts';

/** Decision 024: at most one results update per second per challenge. */
const RESULTS_INTERVAL_MS = 1_000;

const lastSent = new Map<string, number>();
const trailing = new Map<string, NodeJS.Timeout>();
/** Per challenge, the newest tally published: a slow read never overtakes a newer one. */
const tallySeq = new Map<string, { started: number; published: number }>();

/**
 * `poll_results` after an answer commits (decision 024), coalesced per challenge in this
 * process: the first answer in a quiet second announces at once, the rest of that second share
 * one trailing announcement. Each announcement goes out twice:
 * - on `live` with no tally: every fan of the organization receives `live`, and product
 *   §10.2.1.6 shows results only to a fan who has answered (or once closed). A fan who may read
 *   them and is not on the results topic refetches the challenge;
 * - on `results:{challengeId}`, which only fans who may read the results can join
 *   (realtime-connection.ts), with the tally the API would show them, read once here whatever
 *   the number of subscribers.
 * Hidden-until-close polls announce nothing while open.
 */
export function announceResults(
  db: Database,
  challenge: {
    id: string;
    organizationId: string;
    subtype: string;
    hideResultsUntilClose: boolean;
    expired: boolean;
  },
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
    void publishTally(db, challenge);
  };
  const wait = (lastSent.get(challenge.id) ?? 0) + RESULTS_INTERVAL_MS - now;
  if (wait <= 0) return send();
  const timer = setTimeout(() => {
    trailing.delete(challenge.id);
    send();
  }, wait);
  timer.unref();
  trailing.set(challenge.id, timer);
  if (lastSent.size > 10_000) {
    lastSent.clear();
    tallySeq.clear();
  }
}

async function publishTally(
  db: Database,
  challenge: { id: string; organizationId: string; subtype: string },
) {
  const seq = tallySeq.get(challenge.id) ?? { started: 0, published: 0 };
  tallySeq.set(challenge.id, seq);
  const mine = ++seq.started;
  let tally: Awaited<ReturnType<typeof resultsTally>>;
  try {
    tally = await resultsTally(db, challenge);
  } catch {
    // The answer is committed and `live` has announced it: a fan on the results topic whose
    // tally is lost catches up with the next announcement or the screen's refetch.
    return;
  }
  if (mine < seq.published) return;
  seq.published = mine;
  publishAfterCommit(db, {
    organizationId: challenge.organizationId,
    topic: `results:${challenge.id}`,
    event: 'poll_results',
    payload: { ...tally },
  });
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
