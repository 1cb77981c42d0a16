import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/**
 * The ES256 key that signs access tokens, and the public keys that verify them: the signing
 * key's own and, after `npm run admin -- rotate-keys`, the previous one (decision 016), so a
 * token signed before the rotation stays valid until it expires. All are published in the JWKS.
 */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Every key a token may be signed with, current first. */
  verificationJwks: JWK[];
}

export async function generatePrivateJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, kid: randomUUID(), alg: 'ES256' });
}

function parsePrivateJwk(json: string): JWK {
  const jwk = JSON.parse(json) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) {
    throw new Error('JWT_PRIVATE_JWK must be a P-256 EC private key in JWK form');
  }
  return jwk;
}

function publicHalf(jwk: JWK): JWK {
  const { d: _d, ...publicFields } = jwk;
  return { ...publicFields, kid: jwk.kid ?? 'paddock', alg: 'ES256', use: 'sig', key_ops: ['verify'] };
}

export async function loadSigningKeys(
  privateJwkJson: string,
  previousJwkJson?: string,
): Promise<SigningKeys> {
  const jwk = parsePrivateJwk(privateJwkJson);
  const kid = jwk.kid ?? 'paddock';
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const publicJwk = publicHalf(jwk);
  const previous = previousJwkJson ? publicHalf(parsePrivateJwk(previousJwkJson)) : undefined;
  const verificationJwks = previous && previous.kid !== kid ? [publicJwk, previous] : [publicJwk];
  return { kid, privateKey, publicJwk, verificationJwks };
}
