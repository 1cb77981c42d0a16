import { randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Database } from '../db/engine.ts';
import type { User } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import { sessionRow } from './session-lookups.ts';
import { sessionConfirmations } from './session-validity.ts';
import type { SigningKeys } from './signing-keys.ts';
import { type TokenDigest, tokenDigest, VerifiedTokens } from './verified-tokens.ts';
import { type AuthUser, presentAuthUser } from './user-presenter.ts';

export type Aal = 'aal1' | 'aal2';
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * What the server reads back from a verified access token: the fan, the session, the
 * organization, the assurance level and the expiry. The token carries more (auth-compat §4:
 * amr, email, phone, role, metadata) for the client's sake; the server reads those from the
 * database, so a verified token is remembered by these five only.
 */
export interface AccessClaims {
  sub: string;
  session_id: string;
  aal: Aal;
  org: string;
  exp: number;
}

/** A bearer token's claims, and whether the session it names still exists (`authenticate`). */
export interface Authenticated {
  claims: AccessClaims;
  sessionExists: boolean;
}

// A type alias (not an interface) so it satisfies the loose response schemas of the routes.
export type SessionResponse = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
};

export const newRefreshToken = () => randomBytes(24).toString('base64url');

/** Signs access tokens, creates sessions and checks that a token's session still exists. */
export class SessionTokens {
  private keySet: JWTVerifyGetKey;
  private lastReload = 0;

  /**
   * `reloadKeys` answers the keys as stored now: a token signed with a kid this process does not
   * know (another process after `rotate-keys`) reloads them, at most every 10 s (decision 016).
   */
  constructor(
    private keys: SigningKeys,
    private readonly clock: Clock,
    private readonly expirySeconds: number,
    private readonly issuer: string,
    private readonly reloadKeys?: () => Promise<SigningKeys>,
  ) {
    this.keySet = createLocalJWKSet({ keys: keys.verificationJwks });
  }

  /** The public keys for the JWKS endpoint. */
  get publicJwks() {
    return this.keys.verificationJwks;
  }

  private async reloaded(): Promise<boolean> {
    const now = Date.now();
    if (!this.reloadKeys || now - this.lastReload < 10_000) return false;
    this.lastReload = now;
    this.keys = await this.reloadKeys();
    this.keySet = createLocalJWKSet({ keys: this.keys.verificationJwks });
    return true;
  }

  async signAccessToken(user: User, session: { id: string; aal: string; amr: AmrEntry[] }) {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const exp = iat + this.expirySeconds;
    const presented = presentAuthUser(user);
    const token = await new SignJWT({
      aud: 'authenticated',
      role: 'authenticated',
      session_id: session.id,
      aal: session.aal,
      amr: session.amr,
      email: presented.email,
      phone: presented.phone,
      is_anonymous: user.isAnonymous,
      app_metadata: presented.app_metadata,
      user_metadata: presented.user_metadata,
      org: user.organizationId,
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.keys.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.keys.privateKey);
    return { token, exp };
  }

  /** A new session with its first refresh token, answered in GoTrue's token shape. */
  async createSession(
    db: Database,
    user: User,
    opts: { amr: AmrEntry[] | string; aal?: Aal; ip?: string | null; userAgent?: string | null },
  ): Promise<SessionResponse> {
    const now = this.clock.now();
    const amr =
      typeof opts.amr === 'string'
        ? [{ method: opts.amr, timestamp: Math.floor(now.getTime() / 1000) }]
        : opts.amr;
    const session = await db
      .insertInto('sessions')
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        aal: opts.aal ?? 'aal1',
        amr: JSON.stringify(amr),
        ip: opts.ip ?? null,
        userAgent: opts.userAgent ?? null,
        factorId: null,
        refreshedAt: null,
        notAfter: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(['id', 'aal'])
      .executeTakeFirstOrThrow();
    const refreshToken = newRefreshToken();
    await db
      .insertInto('refreshTokens')
      .values({
        token: refreshToken,
        sessionId: session.id,
        userId: user.id,
        parent: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const lastSignIn = await db
      .updateTable('users')
      .set({ lastSignInAt: now })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.respond(db, lastSignIn, { id: session.id, aal: session.aal, amr }, refreshToken);
  }

  /**
   * A new access token for the session, answered with its refresh token. The session keeps the
   * token's digest, so the token's first call needs no ES256 check (decision 038).
   */
  async respond(
    db: Database,
    user: User,
    session: { id: string; aal: string; amr: AmrEntry[] },
    refreshToken: string,
    presentExtra?: Parameters<typeof presentAuthUser>[1],
  ): Promise<SessionResponse> {
    const { token, exp } = await this.signAccessToken(user, session);
    await db
      .updateTable('sessions')
      .set({ accessTokenDigest: tokenDigest(token).stored })
      .where('id', '=', session.id)
      .execute();
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.expirySeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: presentAuthUser(user, presentExtra),
    };
  }

  /**
   * Tokens whose signature was already checked, so a fan's next calls skip the ES256
   * verification (70–145 µs of CPU, docs/benchmark.md), for at most 60 s. Expiry is still judged
   * on every call; revocation is the session check's job, not this one's (decision 032). Kept
   * compact (`verified-tokens.ts`): one entry per fan at race day.
   */
  private readonly verified = new VerifiedTokens<AccessClaims>(60_000, 100_000);

  /** Verifies signature, audience and expiry; throws GoTrue's bad_jwt (403) otherwise. */
  async verify(token: string, digest = tokenDigest(token)): Promise<AccessClaims> {
    const known = this.verified.get(digest.key);
    if (known && known.exp > this.nowSeconds()) return known;
    try {
      const claims = await this.verifyWithKnownKeys(token);
      this.verified.set(digest.key, claims);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWKSNoMatchingKey && (await this.reloaded())) return this.verify(token);
      const expired = error instanceof joseErrors.JWTExpired;
      throw new AppError(
        403,
        'bad_jwt',
        expired
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature',
      );
    }
  }

  /**
   * The product API's check of a bearer token: its claims and whether its session still exists,
   * or null for a token `verify` refuses. A database that fails the session read (or the keys'
   * reload) throws: a 503, never a reason to sign the fan out (decision 014). A token the 60 s
   * memory does not know is first looked up by the session its payload names: when that
   * session's row, which the sign-out check reads anyway, holds this very token's SHA-256, the
   * server minted it, and the ES256 check is skipped (decision 038). Any other token is verified
   * by signature, and the row already read answers its session check.
   */
  async authenticate(db: Database, token: string): Promise<Authenticated | null> {
    const digest = tokenDigest(token);
    const known = this.verified.get(digest.key);
    if (known && known.exp > this.nowSeconds()) {
      return { claims: known, sessionExists: await this.sessionExists(db, known.session_id, known.sub) };
    }
    const unverified = this.unverifiedClaims(token);
    if (!unverified) {
      const claims = await this.verifiedOrNull(token, digest);
      return claims && { claims, sessionExists: await this.sessionExists(db, claims.session_id, claims.sub) };
    }
    const confirmations = sessionConfirmations(db);
    const since = confirmations.since;
    const row = await sessionRow(db, unverified.session_id, unverified.sub);
    const minted = row !== undefined && row.accessTokenDigest === digest.stored;
    if (minted) this.verified.set(digest.key, unverified);
    const claims = minted ? unverified : await this.verifiedOrNull(token, digest);
    if (!claims) return null;
    if (row) confirmations.remember(claims.session_id, since);
    return { claims, sessionExists: row !== undefined };
  }

  /** `verify`, with its refusal (bad_jwt) as null; anything else it throws is the database's. */
  private async verifiedOrNull(token: string, digest: TokenDigest): Promise<AccessClaims | null> {
    try {
      return await this.verify(token, digest);
    } catch (error) {
      if (error instanceof AppError && error.code === 'bad_jwt') return null;
      throw error;
    }
  }

  /**
   * A token's claims as the server would accept them once its origin is proved: the shape it
   * signs, a key it still holds, this issuer and audience, not expired. Undefined otherwise (the
   * signature check then words the refusal).
   */
  private unverifiedClaims(token: string): AccessClaims | undefined {
    try {
      const { kid, alg } = decodeProtectedHeader(token);
      if (alg !== 'ES256' || !this.keys.verificationJwks.some((k) => k.kid === kid)) return undefined;
      const payload = decodeJwt(token);
      const { sub, session_id, aal, org, exp } = payload as Partial<Record<keyof AccessClaims, unknown>>;
      if (payload.aud !== 'authenticated' || payload.iss !== this.issuer || payload.nbf !== undefined)
        return undefined;
      if (typeof exp !== 'number' || exp <= this.nowSeconds()) return undefined;
      if (typeof sub !== 'string' || typeof session_id !== 'string' || typeof org !== 'string')
        return undefined;
      if (aal !== 'aal1' && aal !== 'aal2') return undefined;
      return { sub, session_id, aal, org, exp };
    } catch {
      return undefined;
    }
  }

  private nowSeconds() {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private async verifyWithKnownKeys(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, this.keySet, {
      audience: 'authenticated',
      issuer: this.issuer,
      algorithms: ['ES256'],
      currentDate: this.clock.now(),
    });
    const { sub, session_id, aal, org, exp } = payload as unknown as AccessClaims;
    return { sub, session_id, aal, org, exp };
  }

  /**
   * Product API calls check the session so sign-out takes effect at once in this process, and
   * in the others when the bus notice arrives; a confirmation is reused for at most 5 s
   * (decision 032), the bound if a notice is lost. The row is read in a batch with the other
   * checks pending (`session-lookups.ts`).
   */
  async sessionExists(db: Database, sessionId: string, userId: string): Promise<boolean> {
    const confirmations = sessionConfirmations(db);
    if (confirmations.recentlyConfirmed(sessionId)) return true;
    const since = confirmations.since;
    const exists = (await sessionRow(db, sessionId, userId)) !== undefined;
    if (exists) confirmations.remember(sessionId, since);
    return exists;
  }
}
