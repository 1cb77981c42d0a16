/**
 * Where the CPU of a `npm run bench:realtime` burst goes. The listener processes share the
 * machine's two cores with the server, PostgreSQL and the load generator, so the throughput of
 * the answer path with listeners mixes two costs: what the sockets cost the server itself
 * (its CPU per served answer, user and kernel time apart, since a socket write is mostly kernel
 * time) and what the sockets' client side took from the same cores (the listeners' CPU, which a
 * deployment's fans pay on their own devices). The bench prints both next to the throughput.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type SelfTime, topSelfTime, type CpuProfile } from './cpu-profile.ts';
import { machineTicks, busyPercent, ROOT } from './processes.ts';

/** User and kernel CPU seconds of one process (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuOf(pid: number | undefined): { user: number; system: number } {
  if (!pid) return { user: 0, system: 0 };
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

export interface CpuSplit {
  /** The server's user and kernel CPU seconds over the burst. */
  serverUserSeconds: number;
  serverSystemSeconds: number;
  served: number;
  /** Server CPU (user + kernel) per served answer, ms: what answers plus sockets cost the server. */
  serverCpuMsPerAnswer: number | null;
  /** Of which kernel time (socket writes and reads), ms per served answer. */
  serverSystemMsPerAnswer: number | null;
  /** The server's CPU over the burst, in cores (1 = one core busy throughout). */
  serverCores: number;
  /** CPU seconds the listener processes used during the burst (the sockets' client side). */
  listenerCpuSeconds: number;
  /** The listeners' CPU over the burst, in cores. */
  listenerCores: number;
  /** How busy both cores were during the burst, in % (everything on the machine). */
  machineBusyPercent: number | null;
}

/** Starts a reading; `stop(served, seconds)` answers the split over what happened in between. */
export function cpuReading(serverPid: number | undefined, listenerPids: (number | undefined)[]) {
  const read = () => {
    const server = cpuOf(serverPid);
    let listeners = 0;
    for (const pid of listenerPids) {
      const c = cpuOf(pid);
      listeners += c.user + c.system;
    }
    return { server, listeners, ticks: machineTicks() };
  };
  const before = read();
  return (served: number, seconds: number): CpuSplit => {
    const after = read();
    const user = after.server.user - before.server.user;
    const system = after.server.system - before.server.system;
    const listenerCpuSeconds = after.listeners - before.listeners;
    const perAnswer = (s: number) => (served > 0 ? (1000 * s) / served : null);
    return {
      serverUserSeconds: user,
      serverSystemSeconds: system,
      served,
      serverCpuMsPerAnswer: perAnswer(user + system),
      serverSystemMsPerAnswer: perAnswer(system),
      serverCores: seconds > 0 ? (user + system) / seconds : 0,
      listenerCpuSeconds,
      listenerCores: seconds > 0 ? listenerCpuSeconds / seconds : 0,
      machineBusyPercent: busyPercent(before.ticks, after.ticks),
    };
  };
}

/**
 * What the listeners cost the server per frame they received: the server's CPU during the burst
 * with listeners, less what its served answers cost alone, over the frames the listeners
 * counted. Unlike CPU per answer it does not grow with the burst's length (the announcements
 * go out per second, not per answer), so it compares runs whose bursts lasted differently.
 */
export function serverMicrosPerFrame(alone: CpuSplit, withListeners: CpuSplit, frames: number) {
  if (frames <= 0 || alone.served <= 0) return null;
  const extra = (of: (c: CpuSplit) => number) =>
    (1e6 * (of(withListeners) - (withListeners.served * of(alone)) / alone.served)) / frames;
  return {
    total: extra((c) => c.serverUserSeconds + c.serverSystemSeconds),
    kernel: extra((c) => c.serverSystemSeconds),
  };
}

/** The server's top self-time functions within a window (monotonic µs) of its --cpu-prof profile. */
export function profileTop(dir: string, window: { from: number; to: number }, count = 20): SelfTime[] {
  // One profile per thread that ran JavaScript (the compiled server has one; a server run
  // through tsx, an old checkout's, also its loader worker): the main thread's is the largest.
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (files.length === 0) return [];
  const profile = JSON.parse(readFileSync(files[0]!, 'utf8')) as CpuProfile;
  return topSelfTime(profile, count, ROOT, window);
}

/** The median and the range of some figures (the drops of the rounds, say). */
export function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median =
    sorted.length === 0
      ? null
      : sorted.length % 2
        ? sorted[Math.floor(mid)]!
        : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0] ?? null, max: sorted[sorted.length - 1] ?? null };
}

/**
 * The order of the two bursts of each round: the first round starts with the listeners (their
 * sockets are open for the memory reading and the broadcasts), then the order alternates, so
 * that a drift of the host over the run (another process starting, the database growing) weighs
 * on both sides alike rather than always on the later burst.
 */
export function roundOrder(round: number): ['with', 'without'] | ['without', 'with'] {
  return round % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
}
