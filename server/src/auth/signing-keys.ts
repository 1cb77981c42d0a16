import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/** The ES256 key that signs access tokens, and its public half for the JWKS endpoint. */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export async function generatePrivateJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, kid: randomUUID(), alg: 'ES256' });
}

export async function loadSigningKeys(privateJwkJson: string): Promise<SigningKeys> {
  const jwk = JSON.parse(privateJwkJson) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) {
    throw new Error('JWT_PRIVATE_JWK must be a P-256 EC private key in JWK form');
  }
  const kid = jwk.kid ?? 'paddock';
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { d: _d, ...publicFields } = jwk;
  const publicJwk: JWK = { ...publicFields, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK({ ...publicFields, alg: 'ES256' }, 'ES256')) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk };
}
