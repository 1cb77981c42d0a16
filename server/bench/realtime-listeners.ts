/**
 * One listener process of `npm run bench:realtime`: opens its share of the WebSockets, joins
 * `realtime:live` with the frames the official client sends (vsn 2.0.0, realtime-compat §4),
 * keeps them alive with the client's heartbeat and records when each broadcast arrives. A socket
 * given a fan's token (a fan who answered the poll) also joins the poll's private
 * `realtime:results:{pollId}` and records when each tally arrives and what it counted. The
 * bench forks several, so the sockets' client side never shares a process (nor its file
 * descriptor limit) with the server it measures. Commands and answers travel over the fork's IPC.
 */
import WebSocket from 'ws';

export type ListenerCommand =
  | { type: 'open'; url: string; count: number; pollId: string; resultsTokens: string[] }
  | { type: 'report' }
  | { type: 'count' }
  | { type: 'close' };

export type ListenerReply =
  | { type: 'opened'; joined: number; failed: number; resultsJoined: number }
  /** Frames received so far by all the sockets of this process (broadcasts and replies). */
  | { type: 'count'; received: number }
  | {
      type: 'report';
      /** Per `bench_ping` seq: milliseconds from its `sentAt` to its arrival, one per socket. */
      pings: Record<number, number[]>;
      /** Per socket: when (epoch ms) the last `poll_results` hint of the burst's poll arrived on `live`, or null. */
      lastPollResults: (number | null)[];
      /** Per socket: whether it joined the poll's results topic (then it is sent no hint, decision 024). */
      onResults: boolean[];
      /** Per results socket: when (epoch ms) its last tally arrived and its totalResponses, or null. */
      lastTallies: ({ at: number; totalResponses: number } | null)[];
    };

const BATCH = 200;
const sockets: WebSocket[] = [];
const pings: Record<number, number[]> = {};
let lastPollResults: (number | null)[] = [];
let lastTallies: ({ at: number; totalResponses: number } | null)[] = [];
let onResults: boolean[] = [];
let heartbeat: NodeJS.Timeout | null = null;
let received = 0;

const reply = (message: ListenerReply) => process.send?.(message);

function openOne(url: string, index: number, pollId: string, token?: string): Promise<[boolean, boolean]> {
  let live: boolean | null = null;
  let results: boolean | null = token ? null : false;
  return new Promise((resolve) => {
    const settle = () => {
      if (live !== null && results !== null) resolve([live, results]);
    };
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.once('open', () => {
      ws.send(JSON.stringify(['1', '1', 'realtime:live', 'phx_join', { config: {} }]));
      if (token) {
        const config = { private: true };
        ws.send(
          JSON.stringify([
            '2',
            '2',
            `realtime:results:${pollId}`,
            'phx_join',
            { config, access_token: token },
          ]),
        );
      }
    });
    ws.on('message', (data) => {
      received += 1;
      const [, ref, topic, event, payload] = JSON.parse(String(data)) as [
        unknown,
        string,
        string,
        string,
        { status?: string; event?: string; payload?: Record<string, unknown> },
      ];
      if (event === 'phx_reply' && ref === '1') {
        live = payload.status === 'ok';
        return settle();
      }
      if (event === 'phx_reply' && ref === '2') {
        results = payload.status === 'ok';
        onResults[index] = results;
        return settle();
      }
      if (event !== 'broadcast') return;
      const inner = payload.payload ?? {};
      if (topic === `realtime:results:${pollId}`) {
        lastTallies[index] = { at: Date.now(), totalResponses: inner.totalResponses as number };
        return;
      }
      if (payload.event === 'bench_ping') {
        const seq = inner.seq as number;
        const arrivals = pings[seq] ?? [];
        arrivals.push(Date.now() - (inner.sentAt as number));
        pings[seq] = arrivals;
      } else if (payload.event === 'poll_results' && inner.challengeId === pollId) {
        lastPollResults[index] = Date.now();
      }
    });
    // A socket that fails is counted, not fatal: the report says how many joined.
    ws.on('error', () => resolve([false, false]));
  });
}

async function open(url: string, count: number, pollId: string, resultsTokens: string[]) {
  lastPollResults = Array.from({ length: count }, () => null);
  lastTallies = resultsTokens.map(() => null);
  onResults = Array.from({ length: count }, () => false);
  let joined = 0;
  let resultsJoined = 0;
  for (let i = 0; i < count; i += BATCH) {
    const results = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, (_, k) =>
        openOne(url, i + k, pollId, resultsTokens[i + k]),
      ),
    );
    joined += results.filter(([live]) => live).length;
    resultsJoined += results.filter(([, r]) => r).length;
  }
  // The official client's heartbeat, every 20 s per socket. Real clients connect at different
  // moments, so their heartbeats are spread over the interval: a twentieth of the sockets each
  // second, not all 10,000 in the same instant.
  let ref = 100;
  let tick = 0;
  heartbeat = setInterval(() => {
    const frame = JSON.stringify([null, String(ref++), 'phoenix', 'heartbeat', {}]);
    const phase = tick++ % 20;
    for (let i = phase; i < sockets.length; i += 20) {
      const ws = sockets[i]!;
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    }
  }, 1_000);
  reply({ type: 'opened', joined, failed: count - joined, resultsJoined });
}

process.on('message', (command: ListenerCommand) => {
  if (command.type === 'open') void open(command.url, command.count, command.pollId, command.resultsTokens);
  if (command.type === 'report') reply({ type: 'report', pings, lastPollResults, onResults, lastTallies });
  if (command.type === 'count') reply({ type: 'count', received });
  if (command.type === 'close') {
    if (heartbeat) clearInterval(heartbeat);
    for (const ws of sockets) ws.terminate();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100).unref();
  }
});
