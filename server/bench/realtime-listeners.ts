/**
 * One listener process of `npm run bench:realtime`: opens its share of the WebSockets, joins
 * `realtime:live` with the frames the official client sends (vsn 2.0.0, realtime-compat §4),
 * keeps them alive with the client's heartbeat and records when each broadcast arrives. A socket
 * given a fan's token (a fan who answered the poll) also joins the poll's private
 * `realtime:results:{pollId}` and records when each tally arrives and what it counted. The
 * bench forks several, so the sockets' client side never shares a process (nor its file
 * descriptor limit) with the server it measures. Commands and answers travel over the fork's IPC.
 *
 * The sockets stand in for fans' phones, which are not on the measured machine: once joined, a
 * socket does the least the bench needs of each frame — counts it, and keeps the arrival time
 * (and, for a tally, the frame itself, read when the bench asks for the report) of the frames
 * it recognises by a byte search — so that the listeners take as little as they can of the two
 * cores the server shares with them. A frame is parsed as JSON only to read a join's reply and
 * a `bench_ping` (a handful per run, outside the bursts).
 */
import WebSocket from 'ws';

export type ListenerCommand =
  | { type: 'open'; url: string; count: number; pollId: string; resultsTokens: string[] }
  | { type: 'report' }
  | { type: 'count' }
  /** Closes every socket (the process stays, idle, for the next `open`). */
  | { type: 'disconnect' }
  | { type: 'close' };

export type ListenerReply =
  | { type: 'opened'; joined: number; failed: number; resultsJoined: number }
  /** Frames received so far by all the sockets of this process (broadcasts and replies). */
  | { type: 'count'; received: number }
  | { type: 'disconnected' }
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
const BROADCAST = Buffer.from('"broadcast"');
const POLL_RESULTS = Buffer.from('"poll_results"');
const BENCH_PING = Buffer.from('"bench_ping"');
let sockets: WebSocket[] = [];
const pings: Record<number, number[]> = {};
let lastPollResults: (number | null)[] = [];
let lastTallies: ({ at: number; frame: Buffer } | null)[] = [];
let onResults: boolean[] = [];
let heartbeat: NodeJS.Timeout | null = null;
let received = 0;

const reply = (message: ListenerReply) => process.send?.(message);

type Wire = [
  unknown,
  string,
  string,
  string,
  { status?: string; event?: string; payload?: Record<string, unknown> },
];

function openOne(url: string, index: number, pollId: string, token?: string): Promise<[boolean, boolean]> {
  let live: boolean | null = null;
  let results: boolean | null = token ? null : false;
  const resultsTopic = Buffer.from(`"realtime:results:${pollId}"`);
  const poll = Buffer.from(`"${pollId}"`);
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
    ws.on('message', (data: Buffer) => {
      received += 1;
      if (live === null || results === null) {
        const [, ref, , event, payload] = JSON.parse(String(data)) as Wire;
        if (event === 'phx_reply' && ref === '1') live = payload.status === 'ok';
        if (event === 'phx_reply' && ref === '2') {
          results = payload.status === 'ok';
          onResults[index] = results;
        }
        return settle();
      }
      // Heartbeat replies and anything else that is not a broadcast: counted only.
      if (data.indexOf(BROADCAST) < 0) return;
      if (onResults[index] && data.indexOf(resultsTopic) >= 0) {
        lastTallies[index] = { at: Date.now(), frame: data };
      } else if (data.indexOf(POLL_RESULTS) >= 0) {
        if (data.indexOf(poll) >= 0) lastPollResults[index] = Date.now();
      } else if (data.indexOf(BENCH_PING) >= 0) {
        const inner = (JSON.parse(String(data)) as Wire)[4].payload ?? {};
        const seq = inner.seq as number;
        const arrivals = pings[seq] ?? [];
        arrivals.push(Date.now() - (inner.sentAt as number));
        pings[seq] = arrivals;
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

/** The tallies' counts, read from the last frame each socket kept. */
const tallies = () =>
  lastTallies.map((t) => {
    if (!t) return null;
    const inner = (JSON.parse(String(t.frame)) as Wire)[4].payload ?? {};
    return { at: t.at, totalResponses: inner.totalResponses as number };
  });

function disconnect() {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
  for (const ws of sockets) ws.terminate();
  sockets = [];
}

process.on('message', (command: ListenerCommand) => {
  if (command.type === 'open') void open(command.url, command.count, command.pollId, command.resultsTokens);
  if (command.type === 'report')
    reply({ type: 'report', pings, lastPollResults, onResults, lastTallies: tallies() });
  if (command.type === 'count') reply({ type: 'count', received });
  if (command.type === 'disconnect') {
    disconnect();
    reply({ type: 'disconnected' });
  }
  if (command.type === 'close') {
    disconnect();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100).unref();
  }
});
