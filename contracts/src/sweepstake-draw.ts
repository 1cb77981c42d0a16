/**
 * The sweepstake draw, as a pure function anyone can re-run (product §10.6: commit–
 * reveal). It lives in contracts/ so the server draws and verifies with the same code the
 * web app (or a sceptical fan) can run. contracts/ imports nothing platform-specific (no
 * node:crypto, no async WebCrypto), so SHA-256 and HMAC-SHA-256 are implemented here in a few
 * lines (FIPS 180-4, RFC 2104); the server's tests check them against node:crypto.
 *
 * Published data: seedHash = SHA-256(seed) from creation; at the draw, the canonical entry list
 * and entriesHash = SHA-256(canonical text); then the seed. Winners are recomputed by
 * `drawWinners(seed, entriesHash, entries, n)`.
 */

export interface DrawEntry {
  /** Anonymised, stable entrant id. */
  entrant: string;
  /** Entries held (the weight), a positive integer. */
  count: number;
}

export const DRAW_ALGORITHM = [
  'entries: sorted by entrant (ascending, code-point order), one line "<entrant>:<count>\\n" each;',
  'entriesHash = hex(SHA-256(utf8(lines)));  seedHash = hex(SHA-256(utf8(seed)));',
  'for round r = 0,1,… over the entrants not yet drawn (canonical order), total = sum of counts:',
  '  for attempt a = 0,1,…: x = first 6 bytes (big-endian) of HMAC-SHA-256(key = utf8(seed),',
  '  message = utf8("<entriesHash>:<r>:<a>")); accept x when x < floor(2^48 / total) * total',
  '  (no modulo bias); ticket = x mod total; the winner is the entrant whose cumulative count',
  '  range holds the ticket; it leaves the pool. Stop after n winners or an empty pool.',
].join(' ');

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** UTF-8 bytes of a string (no TextEncoder: contracts/ targets plain ES2023). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 (FIPS 180-4) of bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15] as number;
      const w2 = w[i - 2] as number;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + (K[i] as number) + (w[i] as number)) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (add[i] as number)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] as number);
  return out;
}

/** HMAC-SHA-256 (RFC 2104). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (block[i] as number) ^ 0x36;
    outer[i] = (block[i] as number) ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

export const sha256Hex = (text: string) => toHex(sha256(utf8(text)));

/** The entry list in its one canonical order: by entrant id, code-point order. */
export function canonicalEntries(entries: readonly DrawEntry[]): DrawEntry[] {
  return [...entries]
    .filter((e) => e.count > 0)
    .map((e) => ({ entrant: e.entrant, count: e.count }))
    .sort((x, y) => (x.entrant < y.entrant ? -1 : x.entrant > y.entrant ? 1 : 0));
}

/** The text the entries hash covers (one "<entrant>:<count>\n" per line, canonical order). */
export function entriesText(entries: readonly DrawEntry[]): string {
  return canonicalEntries(entries)
    .map((e) => `${e.entrant}:${e.count}\n`)
    .join('');
}

export const hashEntries = (entries: readonly DrawEntry[]) => sha256Hex(entriesText(entries));
export const hashSeed = (seed: string) => sha256Hex(seed);

const TWO_POW_48 = 2 ** 48;

/** A uniform integer in [0, total) for one round, by rejection sampling on 48-bit outputs. */
function ticket(seed: string, entriesHash: string, round: number, total: number): number {
  const limit = Math.floor(TWO_POW_48 / total) * total;
  const key = utf8(seed);
  for (let attempt = 0; ; attempt++) {
    const mac = hmacSha256(key, utf8(`${entriesHash}:${round}:${attempt}`));
    let x = 0;
    for (let i = 0; i < 6; i++) x = x * 256 + (mac[i] as number);
    if (x < limit) return x % total;
  }
}

/**
 * Draws up to `n` distinct winners, each round weighted by entries among those not yet drawn.
 * Deterministic: the same seed, hash and list always give the same winners (in order).
 */
export function drawWinners(
  seed: string,
  entriesHash: string,
  entries: readonly DrawEntry[],
  n: number,
): string[] {
  const pool = canonicalEntries(entries);
  const winners: string[] = [];
  for (let round = 0; round < n && pool.length > 0; round++) {
    const total = pool.reduce((sum, e) => sum + e.count, 0);
    let t = ticket(seed, entriesHash, round, total);
    const index = pool.findIndex((e) => {
      if (t < e.count) return true;
      t -= e.count;
      return false;
    });
    const [winner] = pool.splice(index, 1);
    if (winner) winners.push(winner.entrant);
  }
  return winners;
}

export interface PublishedDraw {
  seedHash: string;
  seed: string;
  entriesHash: string;
  entries: readonly DrawEntry[];
  winnerCount: number;
  winners: readonly string[];
}

/** Recomputes a published draw: every check must hold for the draw to be verified. */
export function verifyDraw(draw: PublishedDraw) {
  const seedMatchesHash = hashSeed(draw.seed) === draw.seedHash;
  const entriesMatchHash = hashEntries(draw.entries) === draw.entriesHash;
  const recomputed = drawWinners(draw.seed, draw.entriesHash, draw.entries, draw.winnerCount);
  const winnersMatch =
    recomputed.length === draw.winners.length && recomputed.every((w, i) => w === draw.winners[i]);
  return {
    winners: recomputed,
    checks: { seedMatchesHash, entriesMatchHash, winnersMatch },
    verified: seedMatchesHash && entriesMatchHash && winnersMatch,
  };
}
