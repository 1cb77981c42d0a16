import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '20' });

/** Blocks the event loop, as a CPU-bound burst would, long enough for the sampler to see it. */
async function lagTheLoop() {
  await new Promise((r) => setTimeout(r, 300));
  const until = Date.now() + 700;
  while (Date.now() < until) {
    // busy: the event loop cannot turn
  }
  // The sampler's timer runs first (timers phase), then these (check phase).
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

describe('overload protection (decision 014)', () => {
  it('answers 503 overloaded with Retry-After while the event loop lags; probes still answer', async () => {
    await lagTheLoop();
    const busy = await t.app.inject({ method: 'GET', url: '/api/organization/current' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json().code).toBe('overloaded');
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
