import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { JWK } from 'jose';

/**
 * The common case of an access token check, done with Node's synchronous `crypto.verify`: jose
 * 6 verifies through WebCrypto, an asynchronous job on the thread pool that costs about half as
 * much again as the signature itself (decision 032's amendment on first calls). Only a token
 * exactly as this server signs it is accepted here: a protected header of `alg` ES256, a known
 * `kid` and `typ` and nothing else (no `crit`, no `b64`), a 64-byte signature in canonical
 * base64url, a payload object whose audience, issuer, expiry and not-before pass the same checks
 * `jwtVerify` makes. Anything else answers null and the caller asks jose, which accepts it or
 * refuses it with its own error (an expired token included), so jose stays the judge of every
 * refusal.
 */
export type VerificationKeys = Map<string, KeyObject>;

/** Three parts in base64url only (so the signed bytes are the text), a 64-byte signature. */
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/;
const HEADER_MEMBERS = new Set(['alg', 'kid', 'typ']);

export function verificationKeys(jwks: JWK[]): VerificationKeys {
  const keys: VerificationKeys = new Map();
  for (const jwk of jwks) {
    if (jwk.kid && jwk.kty === 'EC' && jwk.crv === 'P-256') {
      keys.set(
        jwk.kid,
        createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' }),
      );
    }
  }
  return keys;
}

function decodedJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The payload of a token this server signed and that is valid at `nowSeconds`, or null. */
export function quicklyVerified(
  token: string,
  keys: VerificationKeys,
  issuer: string,
  audience: string,
  nowSeconds: number,
): Record<string, unknown> | null {
  if (!COMPACT.test(token)) return null;
  const [headerPart, payloadPart, signaturePart] = token.split('.') as [string, string, string];
  const header = decodedJson(headerPart);
  if (header?.alg !== 'ES256' || header.typ !== 'JWT' || typeof header.kid !== 'string') return null;
  for (const member of Object.keys(header)) if (!HEADER_MEMBERS.has(member)) return null;
  const key = keys.get(header.kid);
  if (!key) return null;
  const signed = verify(
    'sha256',
    Buffer.from(token.slice(0, headerPart.length + 1 + payloadPart.length), 'latin1'),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return null;
  const payload = decodedJson(payloadPart);
  if (!payload) return null;
  const { aud, iss, exp, nbf, iat } = payload;
  const audienceOk = aud === audience || (Array.isArray(aud) && aud.includes(audience));
  if (!audienceOk || iss !== issuer) return null;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  return payload;
}
