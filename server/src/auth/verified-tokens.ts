import { createHash } from 'node:crypto';

/**
 * A token's SHA-256, computed once per call: as the key of the memory below (32 one-byte
 * characters) and as a session row keeps its last token's (base64url, decision 038).
 */
export interface TokenDigest {
  key: string;
  stored: string;
}

export function tokenDigest(token: string): TokenDigest {
  const hash = createHash('sha256').update(token).digest();
  return { key: hash.toString('binary'), stored: hash.toString('base64url') };
}

/** What the server reads back from a verified access token (see `AccessClaims`). */
export interface RememberedClaims {
  sub: string;
  session_id: string;
  aal: string;
  org: string;
  exp: number;
}

/**
 * Access tokens whose signature was already checked, so a fan's next calls skip the ES256
 * verification (decision 032). Expiry is still judged by the caller on every call; revocation
 * is the session check's job. At race day there is one entry per fan, so each is kept small:
 * the key is the token's SHA-256 as 32 one-byte characters (not the ~800-character token), the
 * value the five claims with the organization's id and the assurance level shared between
 * entries, and the lapse is per generation, not per entry: entries go into the current
 * generation, which becomes the previous one after `lifetimeMs / 2` (or when it holds
 * `maxEntries / 2`), and the previous one is dropped whole once its first entry is
 * `lifetimeMs` old. No entry outlives `lifetimeMs`, and none needs a timestamp or a wrapper
 * object of its own.
 */
export class VerifiedTokens<C extends RememberedClaims> {
  private current = new Map<string, C>();
  private previous = new Map<string, C>();
  /** When the current and the previous generation began: the previous lapses `lifetimeMs` after. */
  private currentFrom = performance.now();
  private previousFrom = this.currentFrom;
  /** The few organization ids and assurance levels, one string each instead of one per fan. */
  private readonly shared = new Map<string, string>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): C | undefined {
    this.turnIfDue();
    return this.current.get(key) ?? this.previous.get(key);
  }

  set(key: string, claims: C) {
    this.turnIfDue();
    if (this.current.size >= this.maxEntries / 2) this.turn();
    claims.org = this.share(claims.org);
    claims.aal = this.share(claims.aal);
    this.current.set(key, claims);
  }

  private share<T extends string>(value: T): T {
    const known = this.shared.get(value);
    if (known !== undefined) return known as T;
    // Bounded: past a few thousand organizations the strings simply stay per entry.
    if (this.shared.size < 10_000) this.shared.set(value, value);
    return value;
  }

  private turnIfDue() {
    const now = performance.now();
    if (now - this.currentFrom >= this.lifetimeMs / 2) this.turn();
    // Dropped whole as soon as its oldest possible entry (set at `previousFrom`) has lapsed.
    if (now - this.previousFrom >= this.lifetimeMs && this.previous.size > 0) this.previous = new Map();
  }

  private turn() {
    this.previous = this.current;
    this.previousFrom = this.currentFrom;
    this.current = new Map();
    this.currentFrom = performance.now();
  }
}
