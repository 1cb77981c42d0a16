import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/engine.ts';
import type { Organization, User } from '../db/schema.ts';
import { newReferralCode } from '../modules/referral/referral-code.ts';
import { type AuthHttp, authError, isUuid } from './auth-http.ts';
import type { MfaFactor } from './auth-tables.ts';
import type { Aal, AmrEntry, SessionResponse } from './session-tokens.ts';
import { type AuthIdentity, type AuthUser, builtInIdentities, presentAuthUser } from './user-presenter.ts';

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : undefined);

/**
 * Everything the auth endpoints share: the user row (auth's identity columns, see
 * db/table-owners.ts), its presentation with identities and factors, sign-in and pending
 * changes. One-time tokens are one-time-tokens.ts; input rules auth-input.ts.
 */
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

  /** A user by id (in `org` when given): the id comes from a token, a flow state or an identity. */
  findById(id: string, org?: Organization) {
    let q = this.db.selectFrom('users').selectAll().where('id', '=', id);
    if (org) q = q.where('organizationId', '=', org.id);
    return q.executeTakeFirst();
  }

  /** Sets user columns (callers stamp updatedAt where GoTrue does) and answers the row. */
  updateUser(user: Pick<User, 'id'>, set: Record<string, unknown>): Promise<User> {
    return this.db
      .updateTable('users')
      .set(set)
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The user with a pending e-mail or phone change to this address (resend of the change code). */
  async findByPendingChange(org: Organization, column: 'newEmail' | 'newPhone', value: string) {
    const state = await this.db
      .selectFrom('authUserStates')
      .select('userId')
      .where('organizationId', '=', org.id)
      .where(column, '=', value)
      .executeTakeFirst();
    return state ? this.findById(state.userId) : undefined;
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
          // Profile names given at sign-up pre-fill the fan profile (product §3 User).
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
    return { ...session, user: await this.present(await this.reload(user)) };
  }

  /** The user row as it is now (after a change made by another statement). */
  async reload(user: Pick<User, 'id'>): Promise<User> {
    const fresh = await this.findById(user.id);
    if (!fresh) throw new Error(`User ${user.id} vanished`);
    return fresh;
  }

  async upsertState(user: User, values: Record<string, unknown>) {
    await this.db
      .insertInto('authUserStates')
      .values({ userId: user.id, organizationId: user.organizationId, ...values, updatedAt: this.now() })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: this.now() }))
      .execute();
  }

  assertUuid(value: string, what: string) {
    if (!isUuid(value)) throw authError(400, 'validation_failed', `${what} must be a UUID`);
  }
}
