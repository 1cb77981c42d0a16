import { AuthClient } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { lastMessage } from '../test/auth-fixtures.ts';
import { apiCall, createFan, createOrg, useTestApp } from '../test/test-app.ts';

/**
 * Several teams on one deployment (decision 035): the platform API behind its own role, the
 * first operator's invitation on the team's own site, and the SPA's configuration by host.
 */
const uniqueSlug = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
// Unique per run: on PostgreSQL the database outlives one run of this file.
const BLUE = uniqueSlug('blue-arrows');
const t = useTestApp({ ORG_HOSTS: `${BLUE}=https://fans.blue.example`, AUTH_RATE_LIMIT_SCALE: '100' });

async function platformAdmin() {
  const home = await createOrg(t);
  return createFan(t, home, { roles: ['platform_admin'] });
}

describe('platform API', () => {
  it('refuses anonymous callers (401), fans and team operators (403), and creates nothing', async () => {
    const home = await createOrg(t);
    const fan = await createFan(t, home);
    const operator = await createFan(t, home, { roles: ['operator', 'admin'] });
    const body = { slug: uniqueSlug('nope'), name: 'Nope Racing', operatorEmail: 'ops@nope.example' };
    expect((await apiCall(t, { org: home }, 'POST', '/api/platform/organizations', body)).statusCode).toBe(
      401,
    );
    for (const who of [fan, operator]) {
      const refused = await apiCall(t, who, 'POST', '/api/platform/organizations', body);
      expect(refused.statusCode).toBe(403);
      expect((await apiCall(t, who, 'GET', '/api/platform/organizations')).statusCode).toBe(403);
    }
    const row = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('slug', '=', body.slug)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('creates a team with its key, ranks and consents, lists it, and refuses the same slug again (409)', async () => {
    const admin = await platformAdmin();
    const slug = uniqueSlug('green');
    const created = await apiCall(t, admin, 'POST', '/api/platform/organizations', {
      slug,
      name: 'Green Flag Racing',
      timeZone: 'America/New_York',
      operatorEmail: `ops@${slug}.example`,
    });
    expect(created.statusCode).toBe(201);
    const { organization, invitation } = created.json();
    expect(organization).toMatchObject({ slug, name: 'Green Flag Racing', timeZone: 'America/New_York' });
    expect(organization.publishableKey).toMatch(/^pk_/);
    expect(invitation.email).toBe(`ops@${slug}.example`);
    const ranks = await t.db
      .selectFrom('ranks')
      .select('code')
      .where('organizationId', '=', organization.id)
      .execute();
    expect(ranks).toHaveLength(10);
    const consents = await t.db
      .selectFrom('consentTypes')
      .select('id')
      .where('organizationId', '=', organization.id)
      .execute();
    expect(consents.length).toBeGreaterThan(0);
    const listed = await apiCall(t, admin, 'GET', '/api/platform/organizations');
    expect(listed.json().items.map((o: { slug: string }) => o.slug)).toContain(slug);

    const again = await apiCall(t, admin, 'POST', '/api/platform/organizations', {
      slug,
      name: 'Copy',
      operatorEmail: 'x@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('organization_exists');
    const bad = await apiCall(t, admin, 'POST', '/api/platform/organizations', {
      slug: 'Bad Slug!',
      name: 'x',
      operatorEmail: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it("invites the first operator on the team's own site; the official client follows the link, sets a password and runs the console", async () => {
    t.clock.set(new Date());
    const admin = await platformAdmin();
    const slug = BLUE;
    const email = `ops-${uniqueSlug('x')}@blue.example`;
    const created = await apiCall(t, admin, 'POST', '/api/platform/organizations', {
      slug,
      name: 'Blue Arrows',
      operatorEmail: email,
    });
    expect(created.statusCode).toBe(201);
    const { organization } = created.json();
    const mail = await lastMessage(t, email);
    expect(mail.kind).toBe('recovery');
    expect(organization.siteUrl).toBe('https://fans.blue.example');
    // The link leads into the team's app, which verifies it (PKCE clients ignore URL fragments).
    expect(mail.link).toMatch(/^https:\/\/fans\.blue\.example\/\?token_hash=[0-9a-f]+&type=recovery$/);
    const outbox = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body', 'organizationId'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(outbox.subject).toBe('You are invited to run Blue Arrows on Paddock');
    expect(outbox.organizationId).toBe(organization.id);

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AuthClient({
      url: `${base}/auth/v1`,
      headers: { apikey: organization.publishableKey },
      persistSession: false,
      autoRefreshToken: false,
    });
    // What the app does with /?token_hash=…&type=recovery: supabase-js's verifyOtp, which
    // raises PASSWORD_RECOVERY so the app asks for a password.
    const events: string[] = [];
    client.onAuthStateChange((event) => {
      events.push(event);
    });
    const tokenHash = new URL(mail.link!).searchParams.get('token_hash')!;
    const verified = await client.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    await expect.poll(() => events).toContain('PASSWORD_RECOVERY');
    expect((await client.updateUser({ password: 'pit-lane-9931' })).error).toBeNull();
    const signedIn = await client.signInWithPassword({ email, password: 'pit-lane-9931' });
    expect(signedIn.error).toBeNull();
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/organization',
      headers: {
        'x-organization-token': organization.publishableKey,
        authorization: `Bearer ${signedIn.data.session!.access_token}`,
      },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().slug).toBe(slug);
    // The same token through the server's own /verify link, opened in a browser on the team's
    // host without an apikey: used up, so it lands on the team's site with the error.
    const used = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/verify?token=${tokenHash}&type=recovery`,
      headers: { host: 'fans.blue.example' },
    });
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toMatch(/^https:\/\/fans\.blue\.example\/?#error=access_denied/);
    // The link is single use.
    expect((await client.verifyOtp({ token_hash: tokenHash, type: 'recovery' })).error?.code).toBe(
      'otp_expired',
    );
  });
});

describe('ORG_HOSTS', () => {
  it("serves the SPA's configuration of the team whose origin the page came from; an unknown host gets the default", async () => {
    // The invitation test above created the team (tests in a file run in order).
    const blue = await t.db
      .selectFrom('organizations')
      .select(['publishableKey'])
      .where('slug', '=', BLUE)
      .executeTakeFirstOrThrow();
    const config = (host: string) => t.app.inject({ method: 'GET', url: '/config.json', headers: { host } });
    expect((await config('fans.blue.example')).json().organizationKey).toBe(blue.publishableKey);
    expect((await config('FANS.BLUE.EXAMPLE')).json().organizationKey).toBe(blue.publishableKey);
    expect((await config('attacker.example')).json().organizationKey).not.toBe(blue.publishableKey);
    // The port is part of the site: another port on that host is not the team's.
    expect((await config('fans.blue.example:8080')).json().organizationKey).not.toBe(blue.publishableKey);
  });

  it('refuses a malformed ORG_HOSTS at start, naming it', async () => {
    const { parseEnv } = await import('../config.ts');
    expect(() => parseEnv({ ORG_HOSTS: 'blue=not a url' })).toThrow(/ORG_HOSTS/);
    expect(() => parseEnv({ ORG_HOSTS: 'a=https://x.example,b=https://x.example' })).toThrow(/repeated/);
    expect(parseEnv({ ORG_HOSTS: 'a=https://x.example/, b=http://y.example:8080' }).ORG_HOSTS).toEqual([
      { slug: 'a', origin: 'https://x.example', host: 'x.example' },
      { slug: 'b', origin: 'http://y.example:8080', host: 'y.example:8080' },
    ]);
  });
});
