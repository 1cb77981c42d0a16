/**
 * The throttles across processes (decision 014, docs/operations.md "Several processes"): one
 * fan's budget must be the same whichever process answers. After the measured paths the server
 * restarts at RATE_LIMIT_SCALE=1 and one fan sends a burst of check-ins at once over as many
 * connections, which node:cluster hands round-robin to the workers. Exactly the fan's budget may
 * pass (one check-in, then the 422 "already checked in" refusals); the rest must be 429. A
 * per-process counter would let up to budget × workers through.
 */
import { PRODUCT_LIMITS } from '../src/platform/http/product-rate-limits.ts';

export const PROBE_PATH = '/api/checkin';
/** The check-in budget per fan per minute at RATE_LIMIT_SCALE=1. */
export const PROBE_BUDGET = PRODUCT_LIMITS.find((r) => r.url === PROBE_PATH && r.method === 'POST')!.perFan;
/** More than two processes' worth of budget, so a per-process count shows. */
export const PROBE_REQUESTS = PROBE_BUDGET * 2 + 5;
/** The probe's own address (documentation range): the load's per-address count is not its. */
const PROBE_ADDRESS = '203.0.113.7';
const WINDOW_MS = 60_000;

export interface ThrottleProbe {
  sent: number;
  /** Answers other than 429: the check-in and its refusals. */
  passed: number;
  limited: number;
  /** 5xx or no answer. */
  errors: number;
  budget: number;
  holds: boolean;
}

export function judgeThrottle(statuses: number[], budget: number): ThrottleProbe {
  const limited = statuses.filter((s) => s === 429).length;
  const errors = statuses.filter((s) => s === 0 || s >= 500).length;
  const passed = statuses.length - limited - errors;
  return { sent: statuses.length, passed, limited, errors, budget, holds: passed === budget && errors === 0 };
}

/**
 * `token` is a fan the load never used (the bench's operator), `baseUrl` a server started with
 * RATE_LIMIT_SCALE=1 and TRUST_PROXY=127.0.0.1 (so the probe's address is its own).
 */
export async function probeThrottle(baseUrl: string, token: string, orgKey: string): Promise<ThrottleProbe> {
  const headers = {
    authorization: `Bearer ${token}`,
    'x-organization-token': orgKey,
    'x-forwarded-for': PROBE_ADDRESS,
  };
  await untilServing(`${baseUrl}${PROBE_PATH}`, headers);
  // The windows are fixed minutes: a burst across a boundary would rightly pass twice.
  const intoWindow = Date.now() % WINDOW_MS;
  if (intoWindow > WINDOW_MS - 15_000) await new Promise((r) => setTimeout(r, WINDOW_MS - intoWindow + 500));
  const statuses = await Promise.all(
    Array.from({ length: PROBE_REQUESTS }, () =>
      fetch(`${baseUrl}${PROBE_PATH}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      ),
    ),
  );
  return judgeThrottle(statuses, PROBE_BUDGET);
}

/**
 * A restarted server on a busy machine sheds load (503 overloaded) while it warms up; the burst
 * waits until a read of the same path (not throttled) is served, for up to a minute.
 */
async function untilServing(url: string, headers: Record<string, string>) {
  for (let attempt = 1; attempt <= 30; attempt++) {
    const response = await fetch(url, { headers }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok) return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
}
