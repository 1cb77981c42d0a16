import type { User } from '../db/schema.ts';

/** Auth user object as GoTrue returns it (auth-compat §3). Null optional fields are omitted. */
export interface AuthUser {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: AuthIdentity[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  [optional: string]: unknown;
}

export interface AuthIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email?: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : undefined);

/** The email/phone identities every password user has; extra identities come from the caller. */
export function builtInIdentities(user: User): AuthIdentity[] {
  const out: AuthIdentity[] = [];
  const created = iso(user.createdAt)!;
  const updated = iso(user.updatedAt)!;
  if (user.email) {
    out.push({
      identity_id: user.id,
      id: user.id,
      user_id: user.id,
      identity_data: {
        sub: user.id,
        email: user.email,
        email_verified: Boolean(user.emailConfirmedAt),
        phone_verified: false,
      },
      provider: 'email',
      email: user.email,
      last_sign_in_at: iso(user.lastSignInAt) ?? null,
      created_at: created,
      updated_at: updated,
    });
  }
  if (user.phone) {
    out.push({
      identity_id: `${user.id.slice(0, 8)}-phon-4e00-8000-${user.id.slice(-12)}`,
      id: user.id,
      user_id: user.id,
      identity_data: {
        sub: user.id,
        phone: user.phone,
        email_verified: false,
        phone_verified: Boolean(user.phoneConfirmedAt),
      },
      provider: 'phone',
      last_sign_in_at: iso(user.lastSignInAt) ?? null,
      created_at: created,
      updated_at: updated,
    });
  }
  return out;
}

export function presentAuthUser(
  user: User,
  extra: { identities?: AuthIdentity[]; factors?: unknown[]; [key: string]: unknown } = {},
): AuthUser {
  const { identities, factors, ...rest } = extra;
  const all = identities ?? builtInIdentities(user);
  const providers = [...new Set(all.map((i) => i.provider))];
  const body: AuthUser = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: { ...user.appMetadata, provider: providers[0] ?? 'email', providers },
    user_metadata: user.userMetadata ?? {},
    identities: all,
    created_at: iso(user.createdAt)!,
    updated_at: iso(user.updatedAt)!,
    is_anonymous: user.isAnonymous,
  };
  const optional: Record<string, string | undefined> = {
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    confirmed_at: iso(user.emailConfirmedAt ?? user.phoneConfirmedAt),
    confirmation_sent_at: iso(user.confirmationSentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    banned_until: iso(user.bannedUntil),
  };
  for (const [k, v] of Object.entries(optional)) if (v) body[k] = v;
  if (factors && factors.length > 0) body.factors = factors;
  return Object.assign(body, rest);
}
