/**
 * What the server sends PostgreSQL for one call of each write path, read off the production
 * server itself: a server started with statement-recorder.mjs preloaded answers the calls the
 * load plan makes, one at a time, from fans the load never uses, and each call's statements are
 * read back from the recorder's file. statement-replay.ts turns them into pgbench's script, the
 * write limit "for the same SQL" (decision 013, amendment of 2026-12-07).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type LoadSpec, plannedRequest } from './load-plan.ts';
import { ROOT, type Running, startServer } from './processes.ts';

/** One statement as node-postgres sent it: the text, the parameters as text (null for NULL). */
export interface RecordedStatement {
  at: number;
  connection: number;
  /** Sent while an earlier statement of its connection was unanswered (one network write). */
  pipelined: boolean;
  text: string;
  params: (string | null | { bytea: string })[];
}

/** One call of a path: the fan's place in the rotation (its parity), its round, the answer. */
export interface CapturedCall {
  fan: number;
  round: number;
  status: number;
  /** Every statement the server sent between the call and the quiet after its answer. */
  statements: RecordedStatement[];
}

const RECORDER = path.join(ROOT, 'server/bench/statement-recorder.mjs');

function readTrace(file: string, from: number): { lines: RecordedStatement[]; next: number } {
  const text = readFileSync(file, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  const lines = text
    .slice(from, end)
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as RecordedStatement);
  return { lines, next: end };
}

/** Until the file has not grown for `quietMs`: the statements a call set off have all gone out. */
async function quiet(file: string, quietMs: number) {
  let size = statSync(file).size;
  for (;;) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = statSync(file).size;
    if (now === size) return;
    size = now;
  }
}

/**
 * Starts the server of `root` on `env` with the recorder preloaded, writing to `traceFile`.
 */
export async function startRecordingServer(
  env: Record<string, string>,
  port: number,
  logFile: string,
  traceFile: string,
  root = ROOT,
): Promise<Running> {
  writeFileSync(traceFile, '');
  const options = [process.env.NODE_OPTIONS, `--import ${RECORDER}`].filter(Boolean).join(' ');
  return startServer(
    { ...env, NODE_OPTIONS: options, PADDOCK_STATEMENT_TRACE: traceFile },
    port,
    logFile,
    undefined,
    root,
  );
}

/**
 * The calls `spec`'s path makes for each fan of `fans` (its place in the rotation, its token) in
 * rounds 0…rounds−1, one at a time, round after round, each with the statements it set off. The
 * first fan of each round goes first and fills what the server caches for that round's target,
 * as the load's earlier calls would have.
 */
export async function captureCalls(
  spec: LoadSpec,
  traceFile: string,
  fans: readonly { fan: number; token: string }[],
  rounds: number,
): Promise<CapturedCall[]> {
  const captured: CapturedCall[] = [];
  let offset = readTrace(traceFile, 0).next;
  for (let round = 0; round < rounds; round++) {
    for (const { fan, token } of fans) {
      await quiet(traceFile, QUIET_MS);
      offset = readTrace(traceFile, offset).next;
      const planned = plannedRequest(spec, { fan, round, token });
      const response = await fetch(`${spec.baseUrl}${planned.path}`, {
        method: planned.method,
        headers: planned.headers,
        body: planned.body,
      });
      await response.arrayBuffer();
      await quiet(traceFile, QUIET_MS);
      const read = readTrace(traceFile, offset);
      offset = read.next;
      captured.push({ fan, round, status: response.status, statements: read.lines });
    }
  }
  return captured;
}

/** A call's statements have all gone out once the trace has been still this long. */
const QUIET_MS = 30;
