import type { ResultsTally } from '@paddock/contracts/api/challenges';
import type { RealtimeChannel, RealtimeClient } from '@supabase/supabase-js';
import { queryKeys } from '../query-keys.ts';
import { importWithReloadGuard } from '../reload-guard.ts';
import { runtimeConfig } from '../runtime-config.ts';
import { getSessionState, onAuthEvent } from '../session.ts';
import { readTally } from './results-tally.ts';

/** What the "live" indicator shows: joined, (re)connecting, or down (the periodic refresh runs). */
export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * Query keys to refetch at once for one live event (docs/realtime-compat.md §12). Not
 * `poll_results`: its refetch is spread and narrowed (hintRefetch below, decision 024).
 */
export function keysFor(event: string, payload: Record<string, unknown>): readonly (readonly string[])[] {
  const id = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : null);
  switch (event) {
    case 'challenge_settled':
    case 'challenge_published': {
      const challengeId = id('challengeId');
      return challengeId
        ? [queryKeys.challenges(), queryKeys.challenge(challengeId)]
        : [queryKeys.challenges()];
    }
    case 'sweepstake_drawn': {
      const sweepstakeId = id('sweepstakeId');
      return sweepstakeId
        ? [queryKeys.sweepstakes, queryKeys.sweepstake(sweepstakeId)]
        : [queryKeys.sweepstakes];
    }
    case 'content_published':
      return payload.kind === 'story' ? [queryKeys.stories] : [queryKeys.articles];
    // The fan's own award moves their position on every board they show (the dashboard card,
    // the leaderboard): refetched at once. Other fans' moves show on the next refetch.
    case 'points_awarded':
      return [queryKeys.me, queryKeys.transactions, queryKeys.leaderboard];
    case 'rank_changed':
      return [queryKeys.me, queryKeys.transactions];
    case 'offer_unlocked':
      return [queryKeys.offers];
    case 'boost_changed':
      return [queryKeys.boosts];
    default:
      return [];
  }
}

/** Refetches a query (`refetch: false`: marks it stale only, refetched when next shown). */
type Invalidate = (key: readonly string[], refetch?: boolean) => void;

/** A live screen: how it refetches, and whether its cached view of a challenge shows results. */
export interface LiveHolder {
  invalidate: Invalidate;
  showsResults(challengeId: string): boolean;
}

/**
 * Decision 024 (amended 2026-11-26): the server sends a challenge's `poll_results` hint on `live`
 * at most once per 5 s; a fan's refetch after it waits a random 0–5 s, so 10,000 fans' reads
 * spread over the interval instead of landing in the same instant.
 */
export const HINT_SPREAD_MS = 5_000;

/**
 * What a `poll_results` hint on `live` does (decision 024): nothing for a fan on the
 * challenge's results topic (the tally comes there). Otherwise, after a random delay within
 * HINT_SPREAD_MS, one refetch per challenge whatever the number of hints meanwhile: the
 * challenge itself only where the fan's view shows its results (answered, or closed: product
 * §10.2.1.6; a fan who has not answered would read the same hidden view again), and the lists
 * marked stale without a refetch (no list shows the tally; the dashboard would otherwise read
 * the whole list once per hint).
 */
export function hintRefetch(deps: {
  holders: () => Iterable<LiveHolder>;
  onResultsTopic: (challengeId: string) => boolean;
  random?: () => number;
}): { hint(challengeId: string): void; cancel(): void } {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const random = deps.random ?? Math.random;
  return {
    hint(challengeId) {
      if (!challengeId || deps.onResultsTopic(challengeId) || pending.has(challengeId)) return;
      const timer = setTimeout(() => {
        pending.delete(challengeId);
        if (deps.onResultsTopic(challengeId)) return;
        for (const holder of deps.holders()) {
          holder.invalidate(queryKeys.challenges(), false);
          if (holder.showsResults(challengeId)) holder.invalidate(queryKeys.challenge(challengeId));
        }
      }, random() * HINT_SPREAD_MS);
      pending.set(challengeId, timer);
    },
    cancel() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

let client: RealtimeClient | null = null;
let liveChannel: RealtimeChannel | null = null;
let fanChannel: { userId: string; channel: RealtimeChannel } | null = null;
let users = 0;
/** The client has been given the session's token (or the key) at least once. */
let authSet = false;
let state: LiveState = 'offline';
let stopAuth: (() => void) | null = null;
const stateListeners = new Set<() => void>();
const holders = new Set<LiveHolder>();

/** A challenge screen's results topic: who receives its tallies, and its channel once joined. */
interface ResultsWatch {
  onTally: (tally: ResultsTally) => void;
  channel: RealtimeChannel | null;
  subscribed: boolean;
}
const results = new Map<string, ResultsWatch>();

function setState(next: LiveState) {
  if (next === state) return;
  state = next;
  for (const l of stateListeners) l();
}

export const liveState = () => state;
export function onLiveState(listener: () => void) {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

const hints = hintRefetch({
  holders: () => holders,
  // A fan on the challenge's results topic has the tally already (decision 024): no refetch.
  onResultsTopic: (challengeId) => results.get(challengeId)?.subscribed === true,
});

function deliver(event: string, payload: Record<string, unknown>) {
  if (event === 'poll_results') {
    return hints.hint(typeof payload.challengeId === 'string' ? payload.challengeId : '');
  }
  for (const key of keysFor(event, payload)) for (const holder of holders) holder.invalidate(key);
}

/** Joins `results:{id}` (private: the fan's token decides, realtime-compat §11.8). */
function joinResults(challengeId: string, watch: ResultsWatch) {
  // Only a signed-in fan may join, once the client holds the token (realtime-compat §10.3); an
  // anonymous viewer of a closed poll keeps the refetch.
  if (!client || !authSet || watch.channel || !getSessionState().session) return;
  const c = client;
  const channel = c
    .channel(`results:${challengeId}`, { config: { private: true } })
    .on('broadcast', { event: 'poll_results' }, (message) => {
      const tally = readTally((message.payload ?? {}) as Record<string, unknown>);
      if (tally?.challengeId === challengeId) watch.onTally(tally);
    });
  watch.channel = channel;
  channel.subscribe((status) => {
    watch.subscribed = status === 'SUBSCRIBED';
    // Refused (the view and the server disagree) or closed (signed out): the `live` refetch
    // takes over instead of the client's endless rejoin loop.
    if (status === 'CHANNEL_ERROR' || status === 'CLOSED') {
      if (watch.channel === channel) watch.channel = null;
      void c.removeChannel(channel);
    }
  });
}

/**
 * Receives the tallies of a challenge whose results the fan may see (after answering, or once
 * closed) while its screen is mounted; returns the leave. Until the topic is joined, and when it
 * is refused, `poll_results` on `live` refetches the challenge as for every other fan.
 */
export function watchResults(challengeId: string, onTally: (tally: ResultsTally) => void): () => void {
  const watch: ResultsWatch = { onTally, channel: null, subscribed: false };
  results.set(challengeId, watch);
  joinResults(challengeId, watch);
  return () => {
    if (results.get(challengeId) === watch) results.delete(challengeId);
    if (watch.channel) void client?.removeChannel(watch.channel);
    watch.channel = null;
    watch.subscribed = false;
  };
}

function listen(channel: RealtimeChannel) {
  return channel.on('broadcast', { event: '*' }, (message) => {
    deliver(String(message.event), (message.payload ?? {}) as Record<string, unknown>);
  });
}

/** Joins (or leaves) the signed-in fan's private channel to match the session. */
async function syncFanChannel() {
  if (!client) return;
  const session = getSessionState().session;
  const userId = session?.user.id ?? null;
  if (fanChannel && fanChannel.userId !== userId) {
    void client.removeChannel(fanChannel.channel);
    fanChannel = null;
  }
  // realtime-compat §10.3: the token first, then the join, so the first join carries it.
  await client.setAuth(session?.access_token ?? runtimeConfig().organizationKey);
  authSet = true;
  if (userId && !fanChannel) {
    const channel = listen(client.channel(`fan:${userId}`, { config: { private: true } }));
    fanChannel = { userId, channel };
    channel.subscribe();
  }
  for (const [challengeId, watch] of results) joinResults(challengeId, watch);
}

const RESYNC = [queryKeys.challenges(), queryKeys.me, queryKeys.sweepstakes];
let joinedOnce = false;

async function connect() {
  setState('connecting');
  joinedOnce = false;
  const { RealtimeClient } = await importWithReloadGuard(() => import('./realtime-client.ts'));
  if (users === 0 || client) return;
  const config = runtimeConfig();
  const base = new URL(config.authUrl, window.location.origin);
  const url = new URL('realtime/v1', base.href.endsWith('/') ? base.href : `${base.href}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  client = new RealtimeClient(url.href, { params: { apikey: config.organizationKey } });
  await syncFanChannel();
  liveChannel = listen(client.channel('live'));
  liveChannel.subscribe((status) => {
    // The client retries on its own back-off (product §9.7); meanwhile the periodic refresh
    // (product §9.3) keeps screens current.
    setState(status === 'SUBSCRIBED' ? 'live' : status === 'CLOSED' ? 'offline' : 'connecting');
    if (status !== 'SUBSCRIBED') return;
    // After a reconnect, events sent while the socket was down are lost: refetch once.
    if (joinedOnce) for (const holder of holders) for (const key of RESYNC) holder.invalidate(key);
    joinedOnce = true;
  });
  stopAuth = onAuthEvent(() => void syncFanChannel());
}

/**
 * A live screen holds the connection while mounted (the last one to leave closes it). Each
 * holder passes how to refetch a query and what its cache shows; events invalidate the
 * queries they concern.
 */
export function acquireLive(holder: LiveHolder): () => void {
  holders.add(holder);
  users += 1;
  if (users === 1 && !client) void connect().catch(() => setState('offline'));
  return () => {
    holders.delete(holder);
    users -= 1;
    if (users > 0) return;
    hints.cancel();
    stopAuth?.();
    stopAuth = null;
    const closing = client;
    client = null;
    authSet = false;
    liveChannel = null;
    fanChannel = null;
    for (const watch of results.values()) Object.assign(watch, { channel: null, subscribed: false });
    setState('offline');
    void closing?.removeAllChannels().then(() => closing.disconnect());
  };
}
