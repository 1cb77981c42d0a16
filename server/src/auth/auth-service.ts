import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/engine.ts';
import type { Organization, User } from '../db/schema.ts';
import { sendMessage } from '../platform/outbox.ts';
import { newReferralCode } from '../modules/referral/referral-code.ts';
import { type AuthHttp, authError, isUuid, siteUrl } from './auth-http.ts';
import type { MfaFactor, OneTimeTokenKind } from './auth-tables.ts';
import type { Aal, AmrEntry, SessionResponse } from './session-tokens.ts';
import { type AuthIdentity, type AuthUser, builtInIdentities, presentAuthUser } from './user-presenter.ts';

export const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');
const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : undefined);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 255) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** E.164 digits without the "+", as GoTrue stores phones (auth-compat §3). */
export function normalizePhone(raw: string): string {
  const phone = raw.replace(/[\s()-]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{7,14}$/.test(phone)) {
    throw authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}

const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}
/** auth-compat §7: both fields or neither. */
export function parsePkce(challenge?: string | null, method?: string | null): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw authError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if ((m !== 's256' && m !== 'plain') || !PKCE_CHALLENGE.test(challenge)) {
    throw authError(400, 'validation_failed', 'Invalid code_challenge or code_challenge_method');
  }
  return { challenge, method: m };
}

/** Seconds a mailed token / an SMS code stays valid (auth-compat §8). */
const EXPIRY = { email: 3600, sms: 60 };
export const MESSAGE_SPACING_SECONDS = 60;

/** The /verify `type` values and the token kinds each may consume. */
export const VERIFY_KINDS: Record<string, OneTimeTokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  email: ['confirmation', 'magiclink'],
  magiclink: ['magiclink', 'confirmation'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  sms: ['phone_confirmation'],
  phone_change: ['phone_change'],
};

const LINK_TYPE: Record<OneTimeTokenKind, string> = {
  confirmation: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  phone_confirmation: 'sms',
  phone_change: 'phone_change',
  reauthentication: 'reauthentication',
};

const SUBJECT: Record<OneTimeTokenKind, string> = {
  confirmation: 'Confirm your sign-up',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  email_change: 'Confirm your new e-mail address',
  phone_confirmation: 'Your code',
  phone_change: 'Confirm your new phone number',
  reauthentication: 'Confirm it is you',
};

/** Everything the auth endpoints share: user lookup, presentation, one-time tokens, sessions. */
export class AuthService {
  constructor(
    readonly app: FastifyInstance,
    readonly http: AuthHttp,
  ) {}

  get db(): Database {
    return this.app.deps.db;
  }
  now() {
    return this.app.deps.clock.now();
  }
  get config() {
    return this.app.deps.config;
  }

  findByEmail(org: Organization, email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  findByPhone(org: Organization, phone: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  async findByReferralCode(org: Organization, code: string | null | undefined) {
    if (!code || typeof code !== 'string') return undefined;
    return this.db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', org.id)
      .where('referralCode', '=', code.trim().toUpperCase())
      .executeTakeFirst();
  }

  async createUser(
    org: Organization,
    values: {
      email?: string | null;
      phone?: string | null;
      encryptedPassword?: string | null;
      confirmed: boolean;
      userMetadata?: Record<string, unknown>;
      referredBy?: string | null;
      isAnonymous?: boolean;
      provider: string;
    },
  ): Promise<User> {
    const now = this.now();
    const meta = values.userMetadata ?? {};
    const text = (k: string) =>
      typeof meta[k] === 'string' && (meta[k] as string).trim()
        ? (meta[k] as string).trim().slice(0, 100)
        : null;
    try {
      return await this.db
        .insertInto('users')
        .values({
          organizationId: org.id,
          email: values.email ?? null,
          phone: values.phone ?? null,
          encryptedPassword: values.encryptedPassword ?? null,
          emailConfirmedAt: values.confirmed && values.email ? now : null,
          phoneConfirmedAt: values.confirmed && values.phone ? now : null,
          confirmationSentAt: null,
          isAnonymous: values.isAnonymous ?? false,
          appMetadata: JSON.stringify({ provider: values.provider, providers: [values.provider] }),
          userMetadata: JSON.stringify(meta),
          properties: JSON.stringify({}),
          // Profile names given at sign-up pre-fill the fan profile (SPEC §3 User).
          firstName: text('first_name') ?? text('firstName'),
          lastName: text('last_name') ?? text('lastName'),
          username: text('username'),
          referralCode: newReferralCode(),
          referredBy: values.referredBy ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Two sign-ups racing for the same address: the unique index decides.
      if (String((error as { code?: string }).code) === '23505') {
        throw authError(
          422,
          values.phone && !values.email ? 'phone_exists' : 'user_already_exists',
          'User already registered',
        );
      }
      throw error;
    }
  }

  async factors(user: User): Promise<MfaFactor[]> {
    return this.db
      .selectFrom('authMfaFactors')
      .selectAll()
      .where('userId', '=', user.id)
      .orderBy('createdAt')
      .execute();
  }

  async identities(user: User): Promise<AuthIdentity[]> {
    const rows = await this.db
      .selectFrom('authIdentities')
      .selectAll()
      .where('userId', '=', user.id)
      .orderBy('createdAt')
      .execute();
    return [
      ...builtInIdentities(user),
      ...rows.map((r) => ({
        identity_id: r.id,
        id: r.providerId,
        user_id: r.userId,
        identity_data: r.identityData,
        provider: r.provider,
        ...(r.email ? { email: r.email } : {}),
        last_sign_in_at: iso(r.lastSignInAt) ?? null,
        created_at: iso(r.createdAt)!,
        updated_at: iso(r.updatedAt)!,
      })),
    ];
  }

  /** The full GoTrue user object: identities, factors and pending-change fields. */
  async present(user: User): Promise<AuthUser> {
    const [identities, factors, state] = await Promise.all([
      this.identities(user),
      this.factors(user),
      this.db.selectFrom('authUserStates').selectAll().where('userId', '=', user.id).executeTakeFirst(),
    ]);
    const extra: Record<string, unknown> = {};
    if (state) {
      const fields: Record<string, unknown> = {
        new_email: state.newEmail ?? undefined,
        new_phone: state.newPhone ?? undefined,
        email_change_sent_at: iso(state.emailChangeSentAt),
        recovery_sent_at: iso(state.recoverySentAt),
        reauthentication_sent_at: iso(state.reauthenticationSentAt),
      };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) extra[k] = v;
    }
    return presentAuthUser(user, {
      identities,
      factors: factors.map((f) => ({
        id: f.id,
        friendly_name: f.friendlyName ?? '',
        factor_type: f.factorType,
        status: f.status,
        created_at: iso(f.createdAt),
        updated_at: iso(f.updatedAt),
        ...(f.lastChallengedAt ? { last_challenged_at: iso(f.lastChallengedAt) } : {}),
      })),
      ...extra,
    });
  }

  assertNotBanned(user: User, status = 400) {
    if (user.bannedUntil && new Date(user.bannedUntil) > this.now()) {
      throw authError(status, 'user_banned', 'User is banned');
    }
  }

  /** A new session (auth-compat §3 Session) whose user object is the full one. */
  async signIn(
    request: FastifyRequest,
    user: User,
    amr: string | AmrEntry[],
    aal: Aal = 'aal1',
  ): Promise<SessionResponse> {
    const session = await this.app.deps.tokens.createSession(this.db, user, {
      amr,
      aal,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    const fresh = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { ...session, user: await this.present(fresh) };
  }

  async upsertState(user: User, values: Record<string, unknown>) {
    await this.db
      .insertInto('authUserStates')
      .values({ userId: user.id, organizationId: user.organizationId, ...values, updatedAt: this.now() })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: this.now() }))
      .execute();
  }

  /** auth-compat §8: one message of a kind per user per 60 s (429 over_email_send_rate_limit). */
  async assertMessageSpacing(user: User, kind: OneTimeTokenKind, channel: 'email' | 'sms') {
    const last = await this.db
      .selectFrom('authOneTimeTokens')
      .select('createdAt')
      .where('userId', '=', user.id)
      .where('kind', '=', kind)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lastMs = last ? new Date(last.createdAt).getTime() : 0;
    const waitMs = lastMs + MESSAGE_SPACING_SECONDS * 1000 - this.now().getTime();
    if (waitMs > 0) {
      throw authError(
        429,
        channel === 'email' ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
      );
    }
  }

  async createFlowState(user: User, pkce: PkceParams, method: string) {
    return this.db
      .insertInto('authFlowStates')
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        codeChallenge: pkce.challenge,
        codeChallengeMethod: pkce.method,
        authenticationMethod: method,
        createdAt: this.now(),
        verifiedAt: null,
      })
      .returning(['id', 'authCode'])
      .executeTakeFirstOrThrow();
  }

  /**
   * Issues a one-time token (a link token and a 6-digit code) and sends it. Earlier unused
   * tokens of the same kind are withdrawn, so only the newest message works.
   */
  async issueToken(
    request: FastifyRequest,
    user: User,
    kind: OneTimeTokenKind,
    opts: {
      recipient: string;
      channel: 'email' | 'sms';
      pkce?: PkceParams | null;
      redirectTo?: string | null;
    },
  ): Promise<{ code: string; link: string | null }> {
    await this.assertMessageSpacing(user, kind, opts.channel);
    const now = this.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const flow = opts.pkce ? await this.createFlowState(user, opts.pkce, LINK_TYPE[kind]) : null;
    const linkToken = `${flow ? 'pkce_' : ''}${randomBytes(28).toString('hex')}`;
    // Validated against the origin the request came to, and kept with the token: the link's
    // own redirect_to cannot be swapped later.
    const redirect = this.http.redirectTarget(request, opts.redirectTo);
    await this.db
      .updateTable('authOneTimeTokens')
      .set({ consumedAt: now })
      .where('userId', '=', user.id)
      .where('kind', '=', kind)
      .where('consumedAt', 'is', null)
      .execute();
    await this.db
      .insertInto('authOneTimeTokens')
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        kind,
        recipient: opts.recipient,
        tokenHash: sha256hex(linkToken),
        codeHash: sha256hex(`${opts.recipient}:${code}`),
        flowStateId: flow?.id ?? null,
        redirectTo: redirect,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXPIRY[opts.channel] * 1000),
        consumedAt: null,
      })
      .execute();
    await this.upsertState(user, { lastMessageSentAt: now });
    const link =
      opts.channel === 'email' && kind !== 'reauthentication'
        ? `${siteUrl(this.app, request)}/auth/v1/verify?token=${linkToken}&type=${LINK_TYPE[kind]}&redirect_to=${encodeURIComponent(redirect)}`
        : null;
    const body =
      opts.channel === 'sms'
        ? `Your code is ${code}`
        : `${SUBJECT[kind]}.\n\nYour code: ${code}${link ? `\nOr follow this link: ${link}` : ''}\n\nIf you did not ask for this, ignore this message.`;
    await sendMessage(this.app.deps, this.app.log, {
      organizationId: user.organizationId,
      channel: opts.channel,
      recipient: opts.recipient,
      subject: opts.channel === 'email' ? SUBJECT[kind] : null,
      body,
      payload: { kind, type: LINK_TYPE[kind], code, link, token_hash: linkToken, userId: user.id },
    });
    return { code, link };
  }

  /** Consumes the newest matching token once; 403 otp_expired otherwise (GoTrue wording). */
  async consumeByCode(org: Organization, recipient: string, kinds: OneTimeTokenKind[], code: string) {
    const row = await this.db
      .updateTable('authOneTimeTokens')
      .set({ consumedAt: this.now() })
      .where('organizationId', '=', org.id)
      .where('recipient', '=', recipient)
      .where('kind', 'in', kinds)
      .where('codeHash', '=', sha256hex(`${recipient}:${code.trim()}`))
      .where('consumedAt', 'is', null)
      .where('expiresAt', '>', this.now())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return row;
  }

  async consumeByLink(org: Organization | null, linkToken: string, kinds: OneTimeTokenKind[]) {
    let q = this.db
      .updateTable('authOneTimeTokens')
      .set({ consumedAt: this.now() })
      .where('tokenHash', '=', sha256hex(linkToken.trim()))
      .where('kind', 'in', kinds)
      .where('consumedAt', 'is', null)
      .where('expiresAt', '>', this.now());
    if (org) q = q.where('organizationId', '=', org.id);
    const row = await q.returningAll().executeTakeFirst();
    if (!row) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return row;
  }

  assertUuid(value: string, what: string) {
    if (!isUuid(value)) throw authError(400, 'validation_failed', `${what} must be a UUID`);
  }
}
