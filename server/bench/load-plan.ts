/**
 * The race-day mix: which request the n-th call of a path makes. Pure, so the rotation is
 * unit-tested and the load generator stays a thin wrapper around autocannon.
 */
import { randomUUID } from 'node:crypto';

export type PathKind = 'read' | 'write' | 'bare';

export interface PathDef {
  /** The name printed in the table, e.g. `POST /api/challenge/{poll}`. */
  name: string;
  kind: PathKind;
  method: 'GET' | 'POST';
  /** The URL, with `{target}` replaced by a rotating target id (challenge, sweepstake). */
  path: string;
  /** How the body varies: none, a poll option, a trivia question, a sweepstake entry. */
  body?: 'empty' | 'poll' | 'trivia' | 'entry';
}

export const PATHS: PathDef[] = [
  { name: 'GET /api/user/me', kind: 'read', method: 'GET', path: '/api/user/me' },
  { name: 'GET /api/challenge', kind: 'read', method: 'GET', path: '/api/challenge' },
  { name: 'GET /api/sweepstake', kind: 'read', method: 'GET', path: '/api/sweepstake' },
  { name: 'GET /api/checkin', kind: 'read', method: 'GET', path: '/api/checkin' },
  { name: 'GET /api/user/me/transactions', kind: 'read', method: 'GET', path: '/api/user/me/transactions' },
  { name: 'POST /api/checkin', kind: 'write', method: 'POST', path: '/api/checkin', body: 'empty' },
  {
    name: 'POST /api/challenge/{poll}',
    kind: 'write',
    method: 'POST',
    path: '/api/challenge/{target}',
    body: 'poll',
  },
  {
    name: 'POST /api/challenge/{trivia}',
    kind: 'write',
    method: 'POST',
    path: '/api/challenge/{target}',
    body: 'trivia',
  },
  {
    name: 'POST /api/sweepstake/{id}/entry',
    kind: 'write',
    method: 'POST',
    path: '/api/sweepstake/{target}/entry',
    body: 'entry',
  },
];

/** A fresh `LoadSpec.keyPrefix`: keys no earlier spec of the run (or earlier run) has used. */
export function benchKeyPrefix(): string {
  return `bench-${randomUUID().slice(0, 8)}`;
}

export const BARE_PATH: PathDef = { name: 'bare Fastify GET /', kind: 'bare', method: 'GET', path: '/' };

export interface LoadSpec {
  baseUrl: string;
  path: PathDef;
  connections: number;
  duration: number;
  warmup: number;
  organizationKey?: string;
  /** A JSON file holding one access token per fan. */
  tokensFile?: string;
  /** Challenge or sweepstake ids the path rotates over. */
  targets?: string[];
  /** Trivia: the question ids of the quiz in `targets[0]`. */
  questions?: string[];
  /** Where the rotation starts (a restarted run continues where the previous one stopped). */
  startAt?: number;
  /**
   * Writes carry `Idempotency-Key: {keyPrefix}-{round}-{fan}`, a key per call, as the fan app
   * sends one with every write (web/src/lib/api-client.ts); unique per spec, since another
   * spec's call of the same fan and round is another request.
   */
  keyPrefix?: string;
}

export interface LoadResult {
  requests: number;
  /** Requests answered during the warm-up (dropped from the figures, counted for CPU per request). */
  warmupRequests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  statusCodes: Record<string, number>;
  socketErrors: number;
  timeouts: number;
  nextIndex: number;
  /**
   * The load generator's own CPU over its run, warm-up included, as % of one core: near 100 it
   * (one thread), not the server, set the pace.
   */
  loadCpuPercent?: number;
}

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Call n goes to fan n mod F; each fan walks the targets in turn (round = n div F), so the
 * first F×T calls of a once-only write are all first answers and later ones are the refusals
 * (422) a fan who repeats would get. Trivia alternates the option, so a repeat is a changed
 * answer (a reversal plus an award), the heaviest trivia write.
 */
export function nextRequest(spec: LoadSpec, n: number, tokens: string[]): PlannedRequest {
  const fans = Math.max(1, tokens.length);
  return plannedRequest(spec, { fan: n % fans, round: Math.floor(n / fans), token: tokens[n % fans] });
}

/**
 * The request of one fan's call in `round`: what nextRequest plans for call n = round × F + fan.
 * `fan` is the fan's place in the rotation (its parity picks the poll option).
 */
export function plannedRequest(
  spec: LoadSpec,
  call: { fan: number; round: number; token?: string },
): PlannedRequest {
  const { fan, round, token } = call;
  const headers: Record<string, string> = {};
  if (spec.organizationKey) headers['x-organization-token'] = spec.organizationKey;
  if (token) headers.authorization = `Bearer ${token}`;
  const targets = spec.targets ?? [];
  const target = targets.length > 0 ? targets[round % targets.length]! : '';
  const path = spec.path.path.replace('{target}', target);
  if (!spec.path.body) return { method: spec.path.method, path, headers };
  headers['content-type'] = 'application/json';
  if (spec.keyPrefix) headers['idempotency-key'] = `${spec.keyPrefix}-${round}-${fan}`;
  let body: unknown = {};
  if (spec.path.body === 'poll') body = { responseIndex: fan % 2 };
  if (spec.path.body === 'entry') body = { count: 1 };
  if (spec.path.body === 'trivia') {
    const questions = spec.questions ?? [];
    const q = round % Math.max(1, questions.length);
    body = { questionId: questions[q], responseIndex: Math.floor(round / Math.max(1, questions.length)) % 2 };
  }
  return { method: spec.path.method, path, headers, body: JSON.stringify(body) };
}
