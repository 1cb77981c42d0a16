import { randomUUID } from 'node:crypto';
import { type AuthChangeEvent, AuthClient } from '@supabase/auth-js';
import { beforeAll, expect } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { createOrg, type TestContext } from './test-app.ts';

/** What the /auth/v1 tests share: addresses, the outbox's last message, wire calls, real clients. */

export const newEmail = () => `fan-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'grid-walk-7431';

/** The newest message the outbox holds for a recipient (its code, link and kind). */
export async function lastMessage(t: TestContext, recipient: string) {
  const row = await t.db
    .selectFrom('outbox')
    .select(['payload', 'body', 'channel'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.payload as { code: string; link: string | null; kind: string };
}

/** A raw call to /auth/v1 with the organization's apikey (none for null). */
export function authCall(
  t: TestContext,
  org: Organization | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/auth/v1${url}`,
    headers: { ...(org ? { apikey: org.publishableKey } : {}), ...extra },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/**
 * The server on a loopback port for the official client (@supabase/auth-js), with two
 * organizations. The test clock is set to real time because the client checks token expiry
 * against the wall clock. Read `base`, `org` and `other` inside tests.
 */
export function authClients(t: TestContext) {
  let base = '';
  let org: Organization | undefined;
  let other: Organization | undefined;
  beforeAll(async () => {
    t.clock.set(new Date());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    org = await createOrg(t);
    other = await createOrg(t);
  });
  const ready = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('authClients: read inside tests only');
    return value;
  };
  function client(o?: Organization, opts: { flowType?: 'pkce' | 'implicit'; apikey?: string } = {}) {
    const c = new AuthClient({
      url: `${base}/auth/v1`,
      headers: { apikey: opts.apikey ?? (o ?? ready(org)).publishableKey },
      persistSession: false,
      autoRefreshToken: false,
      flowType: opts.flowType ?? 'implicit',
    });
    const events: AuthChangeEvent[] = [];
    c.onAuthStateChange((event) => {
      events.push(event);
    });
    return { c, events };
  }
  return {
    get base() {
      return base;
    },
    get org() {
      return ready(org);
    },
    get other() {
      return ready(other);
    },
    client,
    /** A fan signed up through the client (autoconfirm: signed in). */
    async signedUp(email = newEmail(), password = PASSWORD) {
      const { c, events } = client();
      const { data, error } = await c.signUp({ email, password });
      expect(error).toBeNull();
      return { c, events, email, password, userId: data.user!.id };
    },
  };
}
