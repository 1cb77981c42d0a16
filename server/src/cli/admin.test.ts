import { describe, expect, it } from 'vitest';
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
