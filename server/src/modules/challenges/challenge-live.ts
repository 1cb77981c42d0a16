import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import { resultsTally } from './challenge-tally.ts';

/** Decision 024: at most one results update per second per challenge (the tally on `results:{id}`). */
const RESULTS_INTERVAL_MS = 1_000;
/**
 * Decision 024 (amended 2026-11-26): the tally-less hint on `live` at most once per five seconds
 * per challenge. It reached every socket of the organization once a second during a burst (78 %
 * of the frames sent) for the few fans who refetch on it (answered, not on the results topic).
 */
export const HINT_INTERVAL_MS = 5_000;

/**
 * Per challenge, at most one call of `send` per `intervalMs` in this process: the first call of
 * a quiet interval at once, the rest of that interval in one trailing call when it ends.
 */
function coalescer(intervalMs: number) {
  const lastSent = new Map<string, number>();
  const trailing = new Map<string, NodeJS.Timeout>();
  return (key: string, now: number, send: () => void) => {
    if (trailing.has(key)) return;
    const fire = () => {
      lastSent.set(key, Date.now());
      send();
    };
    const wait = (lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + intervalMs - now;
    if (wait <= 0) return fire();
    const timer = setTimeout(() => {
      trailing.delete(key);
      fire();
    }, wait);
    timer.unref();
    trailing.set(key, timer);
    if (lastSent.size > 10_000) lastSent.clear();
  };
}

const tallyCadence = coalescer(RESULTS_INTERVAL_MS);
const hintCadence = coalescer(HINT_INTERVAL_MS);
/** Per challenge, the newest tally published: a slow read never overtakes a newer one. */
const tallySeq = new Map<string, { started: number; published: number }>();

/**
 * `poll_results` after an answer commits (decision 024), coalesced per challenge in this
 * process, each with the first answer of a quiet interval at once and the rest of the interval
 * in one trailing announcement:
 * - on `results:{challengeId}` at most once per second (RESULTS_INTERVAL_MS), which only fans
 *   who may read the results can join (realtime-connection.ts), with the tally the API would
 *   show them, read once here whatever the number of subscribers;
 * - on `live` with no tally at most once per five seconds (HINT_INTERVAL_MS): every fan of the
 *   organization receives `live` (but a socket on the challenge's results topic, which has the
 *   tally: realtime-hub.ts), and product §10.2.1.6 shows results only to a fan who has answered
 *   (or once closed). A fan whose screen shows the results and is not on the results topic
 *   refetches the challenge.
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
  tallyCadence(challenge.id, now, () => void publishTally(db, challenge));
  hintCadence(challenge.id, now, () =>
    publishAfterCommit(db, {
      organizationId: challenge.organizationId,
      topic: 'live',
      event: 'poll_results',
      payload: { challengeId: challenge.id },
    }),
  );
  if (tallySeq.size > 10_000) tallySeq.clear();
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
