/** Reads a V8 .cpuprofile (node --cpu-prof) and ranks functions by self time. */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  /** Microseconds on the monotonic clock (the one process.hrtime reads, in every process). */
  startTime?: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** `name (file:line)`, the file relative to the repository when it is ours. */
  fn: string;
  ms: number;
  /** Share of the busy (non-idle) time. */
  percent: number;
}

function label(frame: CallFrame, root: string): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  let file = frame.url.replace(/^file:\/\//, '');
  if (file.startsWith(root)) file = file.slice(root.length + 1);
  file = file.replace(/^.*node_modules\//, '');
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/** The monotonic clock in microseconds, comparable with a profile's sample times. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time per function (samples × their time deltas), idle time left out; the top `count`.
 * `window` (monotonic µs) keeps only the samples taken under load, not the server's start-up.
 */
export function topSelfTime(
  profile: CpuProfile,
  count = 15,
  root = process.cwd(),
  window?: { from: number; to: number },
): SelfTime[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    at += micros;
    if (window && (at < window.from || at > window.to)) return;
    const node = byNode.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const key = label(node.callFrame, root);
    totals.set(key, (totals.get(key) ?? 0) + micros);
    busy += micros;
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, micros]) => ({ fn, ms: micros / 1000, percent: busy > 0 ? (100 * micros) / busy : 0 }));
}

export function formatSelfTimes(title: string, rows: SelfTime[]): string {
  return [
    `  Top self time, ${title}:`,
    ...rows.map(
      (r) => `    ${r.percent.toFixed(1).padStart(5)} %  ${r.ms.toFixed(0).padStart(6)} ms  ${r.fn}`,
    ),
  ].join('\n');
}
