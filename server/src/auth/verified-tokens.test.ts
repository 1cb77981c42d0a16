import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RememberedClaims, tokenDigest, VerifiedTokens } from './verified-tokens.ts';

let now = 1_000;
const claims = (i: number): RememberedClaims => ({
  sub: `fan-${i}`,
  session_id: `session-${i}`,
  aal: 'aal1',
  org: 'org-a',
  exp: 2_000_000_000,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The memory of verified tokens (decision 032): bounded in time and in size. */
describe('VerifiedTokens', () => {
  it('keys a token by its SHA-256, so a token altered by one character is not found', () => {
    const memory = new VerifiedTokens(60_000, 100);
    memory.set(tokenDigest('header.payload.signature').key, claims(1));
    expect(memory.get(tokenDigest('header.payload.signature').key)?.sub).toBe('fan-1');
    expect(memory.get(tokenDigest('header.payload.signaturf').key)).toBeUndefined();
  });

  it('forgets every token within its lifetime, however the sets and reads fall', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const memory = new VerifiedTokens(60_000, 100);
    const setAt = new Map<string, number>();
    // Steps of 1 to 59 s; a token set at every other step, every token read at each step.
    for (let step = 0; step < 300; step++) {
      now += ((step * 37) % 59) * 1_000 + 1_000;
      if (step % 2 === 0) {
        memory.set(`t${step}`, claims(step));
        setAt.set(`t${step}`, now);
      }
      for (const [key, at] of setAt) {
        const found = memory.get(key) !== undefined;
        if (now - at >= 60_000) expect(found, `${key} at ${now - at} ms`).toBe(false);
      }
    }
    // Read back within half the lifetime, a token is found: a fan's calls seconds apart skip the check.
    memory.set('fresh', claims(1));
    now += 29_000;
    expect(memory.get('fresh')).toBeDefined();
  });

  it('holds at most its bound, the latest tokens kept', () => {
    const memory = new VerifiedTokens(60_000, 10);
    for (let i = 0; i < 25; i++) memory.set(`t${i}`, claims(i));
    const kept = Array.from({ length: 25 }, (_, i) => memory.get(`t${i}`) !== undefined);
    expect(kept.filter(Boolean).length).toBeLessThanOrEqual(10);
    expect(kept.slice(20)).toEqual([true, true, true, true, true]);
  });
});
