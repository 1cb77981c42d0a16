import { describe, expect, it } from 'vitest';
import { RANK_CODES } from '@paddock/contracts';
import { createFan, createOrg, useTestApp } from '../test/test-app.ts';
import { runAdmin } from './admin.ts';

const t = useTestApp();

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('npm run admin -- grant-role', () => {
  it('adds the role to app_metadata.roles once, and the operator guard accepts it', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const r = io();
    expect(
      await runAdmin(
        ['grant-role', fan.user.email!.toUpperCase(), 'operator', '--org', org.slug],
        t.db,
        r.io,
      ),
    ).toBe(0);
    expect(r.out[0]).toMatch(/Granted operator/);
    expect(await runAdmin(['grant-role', fan.user.email!, 'operator'], t.db, io().io)).toBe(0);
    const row = await t.db
      .selectFrom('users')
      .select('appMetadata')
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(row.appMetadata.roles).toEqual(['operator']);
  });

  it('refuses unknown e-mails, unknown roles and ambiguous e-mails with exit 1', async () => {
    const r = io();
    expect(await runAdmin(['grant-role', 'nobody@example.com', 'admin'], t.db, r.io)).toBe(1);
    expect(r.err[0]).toBe('No account with the e-mail nobody@example.com.');
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect(await runAdmin(['grant-role', fan.user.email!, 'superuser'], t.db, io().io)).toBe(1);
    const other = await createOrg(t);
    await createFan(t, other, { email: fan.user.email! });
    const amb = io();
    expect(await runAdmin(['grant-role', fan.user.email!, 'admin'], t.db, amb.io)).toBe(1);
    expect(amb.err[0]).toMatch(/--org/);
  });

  it('--help prints usage', async () => {
    const r = io();
    expect(await runAdmin(['--help'], t.db, r.io)).toBe(0);
    expect(r.out[0]).toMatch(/grant-role EMAIL operator\|admin/);
  });
});

describe('npm run admin -- create-org, list-orgs, rotate-keys', () => {
  it('creates a team with ten ranks and its consent types, and its key serves /api/organization/current', async () => {
    const slug = `team-${Date.now().toString(36)}`;
    const r = io();
    expect(
      await runAdmin(
        ['create-org', '--slug', slug, '--name', 'Blue Racing', '--time-zone', 'America/New_York'],
        t.db,
        r.io,
      ),
    ).toBe(0);
    const key = /pk_[a-z0-9_]+/.exec(r.out.join('\n'))?.[0];
    expect(key).toBeDefined();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: { 'x-organization-token': key! },
    });
    expect(res.statusCode).toBe(200);
    // The ten ranks of product §1, from the entry rank P10 to the top rank P1.
    expect(res.json().ranks.map((rank: { code: string }) => rank.code)).toEqual([...RANK_CODES]);
    const consents = await t.db
      .selectFrom('consentTypes')
      .innerJoin('organizations', 'organizations.id', 'consentTypes.organizationId')
      .select('key')
      .where('organizations.slug', '=', slug)
      .execute();
    expect(consents.map((c) => c.key).sort()).toEqual(['marketing_email', 'partner_offers', 'terms']);

    const listed = io();
    expect(await runAdmin(['list-orgs'], t.db, listed.io)).toBe(0);
    expect(listed.out.find((l) => l.startsWith(`${slug}\t`))).toBe(
      `${slug}\tBlue Racing\tAmerica/New_York\t${key}`,
    );
  });

  it('refuses a taken slug, a bad slug, an unknown time zone and unknown options, writing nothing', async () => {
    const org = await createOrg(t);
    const cases: [string[], RegExp][] = [
      [['create-org', '--slug', org.slug, '--name', 'Again'], /exists already/],
      [['create-org', '--slug', 'Bad Slug!', '--name', 'X'], /not valid/],
      [
        ['create-org', '--slug', 'tz-team-x', '--name', 'X', '--time-zone', 'Mars/Olympus'],
        /Unknown time zone/,
      ],
      [['create-org', '--slug', 'opt-team-x', '--name', 'X', '--colour', 'red'], /Unknown option '--colour'/],
      [['create-org', '--name', 'X'], /needs --slug and --name/],
      [['create-org', '--slug', 'mail-team-x', '--name', 'X', '--operator-email', 'nope'], /not an e-mail/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await runAdmin(argv, t.db, r.io)).toBe(1);
      expect(r.err[0]).toMatch(message);
    }
    const made = await t.db
      .selectFrom('organizations')
      .select('slug')
      .where('slug', 'in', ['tz-team-x', 'opt-team-x', 'mail-team-x'])
      .execute();
    expect(made).toEqual([]);
  });

  it('rotate-keys --org gives a new publishable key and the old one stops naming the team', async () => {
    const org = await createOrg(t);
    const r = io();
    expect(await runAdmin(['rotate-keys', '--org', org.slug], t.db, r.io)).toBe(0);
    const key = /pk_[a-z0-9_]+/.exec(r.out[0]!)?.[0];
    expect(key).not.toBe(org.publishableKey);
    const current = (k: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/organization/current',
        headers: { 'x-organization-token': k },
      });
    expect((await current(key!)).statusCode).toBe(200);
    expect((await current(org.publishableKey)).statusCode).not.toBe(200);
    expect(await runAdmin(['rotate-keys', '--org', 'no-such-team'], t.db, io().io)).toBe(1);
    expect(await runAdmin(['rotate-keys'], t.db, io().io)).toBe(1);
  });

  it('unknown commands, including names of Object.prototype, print the usage and exit 1', async () => {
    for (const command of ['frobnicate', 'constructor', 'toString']) {
      const r = io();
      expect(await runAdmin([command], t.db, r.io)).toBe(1);
      expect(r.err[0]).toMatch(/^Unknown command/);
    }
  });

  it('create-org --operator-email invites the first operator: an operator account without a password, and a mailed link', async () => {
    const slug = `inv-${Math.random().toString(36).slice(2, 8)}`;
    const email = `ops@${slug}.example`;
    const r = io();
    const withApp = { ...r.io, app: async () => t.app };
    expect(
      await runAdmin(
        ['create-org', '--slug', slug, '--name', 'Invite Racing', '--operator-email', email],
        t.db,
        withApp,
      ),
    ).toBe(0);
    expect(r.out.join('\n')).toContain(`Invited ${email} as the team's operator`);
    const link = r.out.find((l) => l.includes('?token_hash='))?.trim();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/\?token_hash=[0-9a-f]+&type=recovery$/);
    const user = await t.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select(['users.appMetadata', 'users.encryptedPassword'])
      .where('organizations.slug', '=', slug)
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.appMetadata.roles).toEqual(['operator']);
    expect(user.encryptedPassword).toBeNull();
    const mail = await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect((mail.payload as { link: string }).link).toBe(link);
  });
});
