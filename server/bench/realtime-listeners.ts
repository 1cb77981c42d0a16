/**
 * One listener process of `npm run bench:realtime`: opens its share of the WebSockets, joins
 * `realtime:live` with the frames the official client sends (vsn 2.0.0, realtime-compat §4),
 * keeps them alive with the client's heartbeat and records when each broadcast arrives. The
 * bench forks several, so the sockets' client side never shares a process (nor its file
 * descriptor limit) with the server it measures. Commands and answers travel over the fork's IPC.
 */
import WebSocket from 'ws';

export type ListenerCommand =
  | { type: 'open'; url: string; count: number; pollId: string }
  | { type: 'report' }
  | { type: 'close' };

export type ListenerReply =
  | { type: 'opened'; joined: number; failed: number }
  | {
      type: 'report';
      /** Per `bench_ping` seq: milliseconds from its `sentAt` to its arrival, one per socket. */
      pings: Record<number, number[]>;
      /** Per socket: when (epoch ms) the last `poll_results` of the burst's poll arrived, or null. */
      lastPollResults: (number | null)[];
    };

const BATCH = 200;
const sockets: WebSocket[] = [];
const pings: Record<number, number[]> = {};
let lastPollResults: (number | null)[] = [];
let heartbeat: NodeJS.Timeout | null = null;

const reply = (message: ListenerReply) => process.send?.(message);

function openOne(url: string, index: number, pollId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.once('open', () => ws.send(JSON.stringify(['1', '1', 'realtime:live', 'phx_join', { config: {} }])));
    ws.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(String(data)) as [
        unknown,
        string,
        string,
        string,
        { status?: string; event?: string; payload?: Record<string, unknown> },
      ];
      if (event === 'phx_reply' && ref === '1') return resolve(payload.status === 'ok');
      if (event !== 'broadcast') return;
      const inner = payload.payload ?? {};
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
    ws.on('error', () => resolve(false));
  });
}

async function open(url: string, count: number, pollId: string) {
  lastPollResults = Array.from({ length: count }, () => null);
  let joined = 0;
  for (let i = 0; i < count; i += BATCH) {
    const results = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => openOne(url, i + k, pollId)),
    );
    joined += results.filter(Boolean).length;
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
  reply({ type: 'opened', joined, failed: count - joined });
}

process.on('message', (command: ListenerCommand) => {
  if (command.type === 'open') void open(command.url, command.count, command.pollId);
  if (command.type === 'report') reply({ type: 'report', pings, lastPollResults });
  if (command.type === 'close') {
    if (heartbeat) clearInterval(heartbeat);
    for (const ws of sockets) ws.terminate();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100).unref();
  }
});
