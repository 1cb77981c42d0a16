import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp, apiCallRaw } from '../../test/test-app.ts';
import { balance, fund } from '../../test/points.ts';
import { acceptRequiredConsents, completeProfile, newFan } from '../../test/onboarding-fixtures.ts';
import { listTransactions, transactionsFrom } from '../ledger/ledger-queries.ts';
import { findFanProfile } from './fan-accounts.ts';

const t = useTestApp();

const NOW = '2026-06-01T12:00:00Z';

// The ledger lists newest first by (created_at, id); ids are random, so two awards stamped in the
// same millisecond (the embedded engine's clock) would list in either order. Each award waits for
// the next millisecond, so the order these tests expect is the order the awards were made.
const award = async (fan: TestFan, amount: number, description = `Award ${amount}`) => {
  await fund(t, fan, amount, description);
  await new Promise((resolve) => setTimeout(resolve, 2));
};

describe('GET /api/user/me', () => {
  it('each fan gets their own row from the shared statement, scoped by organization, no secret column', async () => {
    const [orgA, orgB] = [await createOrg(t), await createOrg(t)];
    const a = await createFan(t, orgA, { email: 'a@fans.example' });
    const b = await createFan(t, orgB, { email: 'b@fans.example' });
    await award(b, 75);
    for (const [fan, email, points] of [
      [a, 'a@fans.example', 0],
      [b, 'b@fans.example', 75],
      [a, 'a@fans.example', 0],
    ] as const) {
      const res = await apiCall(t, fan, 'GET', '/api/user/me');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: fan.user.id, email, points });
      expect(res.body).not.toMatch(/encrypted|password|lastSignIn|userMetadata/i);
    }
    // The same fan id under another organization is nobody there.
    expect(await findFanProfile(t.db, orgB.id, a.user.id)).toBeUndefined();
    expect((await findFanProfile(t.db, orgA.id, a.user.id))?.id).toBe(a.user.id);
  });

  it("answers fans reading at once (one batched statement) each with their own row, never another organization's", async () => {
    const [orgA, orgB] = [await createOrg(t), await createOrg(t)];
    const fans = [
      await createFan(t, orgA, { email: 'a1@fans.example' }),
      await createFan(t, orgA, { email: 'a2@fans.example' }),
      await createFan(t, orgB, { email: 'b1@fans.example' }),
    ];
    await award(fans[1]!, 20);
    await award(fans[2]!, 30);
    // Read in the same turn of the event loop, so all go out in one statement.
    const rows = await Promise.all([
      ...fans.map((f) => findFanProfile(t.db, f.org.id, f.user.id)),
      findFanProfile(t.db, orgB.id, fans[0]!.user.id),
      findFanProfile(t.db, orgA.id, fans[2]!.user.id),
    ]);
    expect(rows.map((r) => (r ? [r.id, r.email, r.points] : null))).toEqual([
      [fans[0]!.user.id, 'a1@fans.example', 0],
      [fans[1]!.user.id, 'a2@fans.example', 20],
      [fans[2]!.user.id, 'b1@fans.example', 30],
      null,
      null,
    ]);
    const seen = await Promise.all(
      [...fans, ...fans].map(async (f) => (await apiCall(t, f, 'GET', '/api/user/me')).json()),
    );
    expect(seen.map((u) => [u.userId, u.email, u.points])).toEqual(
      [...fans, ...fans].map((f, i) => [f.user.id, f.user.email, [0, 20, 30][i % 3]]),
    );
  });

  it('shows a change to the fan on the very next read', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    const points = async (f: TestFan) => (await apiCall(t, f, 'GET', '/api/user/me')).json().points;
    expect(await points(fan)).toBe(0);
    await award(fan, 40);
    const [mine, theirs] = await Promise.all([points(fan), points(other)]);
    expect([mine, theirs]).toEqual([40, 0]);
    expect((await apiCall(t, fan, 'PATCH', '/api/user/me', { username: 'next_read' })).statusCode).toBe(200);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().username).toBe('next_read');
  });

  it('answers 401 without a signed-in fan', async () => {
    const org = await createOrg(t);
    const res = await apiCall(t, { org }, 'GET', '/api/user/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('returns the product §3 user with points, rank, next rank, roles and the internal flag', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org, { email: 'Mechanic@Paddock-Team.com', roles: ['operator'] });
    await award(fan, 350);
    const res = await apiCall(t, fan, 'GET', '/api/user/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: fan.user.id,
      email: 'Mechanic@Paddock-Team.com',
      firstName: 'Test',
      lastName: 'Fan',
      phoneNumber: null,
      birthday: '1990-01-01',
      properties: {},
      avatarUrl: null,
      points: 350,
      lifetimePoints: 350,
      rank: { code: 'P8', name: 'Junior Formula' },
      nextRank: { code: 'P7', name: 'Test Driver', pointsNeeded: 250 },
      underage: false,
      isNewUser: false,
      referralCode: fan.user.referralCode,
      roles: ['operator'],
      isInternal: true,
    });
  });

  it('computes underage on the organization’s calendar, not the server’s', async () => {
    // 23:30 UTC on 1 June is already 2 June in Auckland but still 1 June in Los Angeles.
    t.clock.set('2026-06-01T23:30:00Z');
    try {
      const auckland = await createOrg(t, { timeZone: 'Pacific/Auckland' });
      const losAngeles = await createOrg(t, { timeZone: 'America/Los_Angeles' });
      const birthday = '2008-06-02';
      const a = await createFan(t, auckland, { birthday });
      const b = await createFan(t, losAngeles, { birthday });
      expect((await apiCall(t, a, 'GET', '/api/user/me')).json().underage).toBe(false);
      expect((await apiCall(t, b, 'GET', '/api/user/me')).json().underage).toBe(true);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('flags a fan without a completed profile as a new user and not internal', async () => {
    const org = await createOrg(t);
    const fan = await newFan(t, org);
    const body = (await apiCall(t, fan, 'GET', '/api/user/me')).json();
    expect(body).toMatchObject({ isNewUser: true, isInternal: false, rank: { code: 'P10' }, roles: [] });
  });
});

describe('PATCH /api/user/me', () => {
  it('stores empty phoneNumber, zipCode and birthday as null (product §5)', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org, { phoneNumber: '+44 20 7946 0000' });
    const res = await apiCall(t, fan, 'PATCH', '/api/user/me', {
      phoneNumber: '',
      birthday: '',
      zipCode: '',
      username: 'lena_v',
      properties: { favouriteDriver: 'Driver 44', newsletter: true },
      country: 'DE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phoneNumber: null,
      birthday: null,
      zipCode: null,
      username: 'lena_v',
      country: 'DE',
      properties: { favouriteDriver: 'Driver 44', newsletter: true },
      underage: true,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['phoneNumber', 'birthday', 'zipCode'])
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phoneNumber: null, birthday: null, zipCode: null });
  });

  it('merges properties and removes a key set to null', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    await apiCall(t, fan, 'PATCH', '/api/user/me', { properties: { a: 1, b: 'two' } });
    const res = await apiCall(t, fan, 'PATCH', '/api/user/me', { properties: { a: null, c: false } });
    expect(res.json().properties).toEqual({ b: 'two', c: false });
  });

  it.each([
    [{ firstName: 42 }, 'firstName'],
    [{ birthday: '2001-02-30' }, 'birthday'],
    [{ birthday: '12/04/1995' }, 'birthday'],
    [{ phoneNumber: 'call me' }, 'phoneNumber'],
    [{ username: 'a' }, 'username'],
    [{ firstName: 'x'.repeat(51) }, 'firstName'],
    [{ country: 'Germany' }, 'country'],
    [{ points: 1_000_000 }, 'points'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'PATCH', '/api/user/me', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().message).toContain(field);
    expect(await balance(t, fan)).toBe(0);
  });

  it('refuses a birthday today or in the future (in the organization’s calendar)', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    for (const birthday of ['2026-06-01', '2027-01-01']) {
      const res = await apiCall(t, fan, 'PATCH', '/api/user/me', { birthday });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('birthday');
    }
    expect((await apiCall(t, fan, 'PATCH', '/api/user/me', { birthday: '2026-05-31' })).statusCode).toBe(200);
  });

  it('refuses malformed JSON with 400 bad_json and a huge body with 413', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const patch = (body: string) => apiCallRaw(t, fan, 'PATCH', '/api/user/me', 'application/json', body);
    const bad = await patch('{"firstName":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_json');
    const huge = await patch(JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });

  it('refuses a username another fan of the organization holds (case-insensitive)', async () => {
    const org = await createOrg(t);
    const a = await createFan(t, org);
    const b = await createFan(t, org);
    expect((await apiCall(t, a, 'PATCH', '/api/user/me', { username: 'Speedy' })).statusCode).toBe(200);
    const res = await apiCall(t, b, 'PATCH', '/api/user/me', { username: 'speedy' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('username_taken');
    // The same name in another organization is someone else's business.
    const other = await createFan(t, await createOrg(t));
    expect((await apiCall(t, other, 'PATCH', '/api/user/me', { username: 'speedy' })).statusCode).toBe(200);
  });

  it('answers 401 without a signed-in fan', async () => {
    const org = await createOrg(t);
    const res = await apiCall(t, { org }, 'PATCH', '/api/user/me', { firstName: 'Anon' });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile completion (product §2 new user)', () => {
  it('completes the profile only once names, birthday and the required consents are all given', async () => {
    const org = await createOrg(t);
    const fan = await newFan(t, org);
    const afterProfile = await apiCall(t, fan, 'PATCH', '/api/user/me', completeProfile);
    expect(afterProfile.json().isNewUser).toBe(true);
    await acceptRequiredConsents(t, fan);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().isNewUser).toBe(false);
  });
});

describe('GET /api/user/me/transactions', () => {
  it('pages the fan’s own ledger newest first without repeats or gaps', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    for (let i = 1; i <= 5; i++) await award(fan, i, `Award number ${i}`);
    await award(other, 99);

    const first = await apiCall(t, fan, 'GET', '/api/user/me/transactions?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((i: { amount: number }) => i.amount)).toEqual([5, 4]);
    expect(page1.items[0]).toMatchObject({ kind: 'test', description: 'Award number 5', reference: null });
    expect(Number.isNaN(Date.parse(page1.items[0].createdAt))).toBe(false);
    const page2 = (
      await apiCall(t, fan, 'GET', `/api/user/me/transactions?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items.map((i: { amount: number }) => i.amount)).toEqual([3, 2]);
    const page3 = (
      await apiCall(t, fan, 'GET', `/api/user/me/transactions?limit=2&cursor=${page2.nextCursor}`)
    ).json();
    expect(page3.items.map((i: { amount: number }) => i.amount)).toEqual([1]);
    expect(page3.nextCursor).toBeNull();
  });

  it('answers fans reading at once (one batched statement) each with their own first page, and shows an award on the very next read', async () => {
    const [orgA, orgB] = [await createOrg(t), await createOrg(t)];
    const [a1, a2, a3, b1] = [
      await createFan(t, orgA),
      await createFan(t, orgA),
      await createFan(t, orgA),
      await createFan(t, orgB),
    ];
    for (const n of [1, 2, 3]) await award(a1, n);
    await award(a2, 20);
    await award(b1, 30);
    const amounts = (page: { items: { amount: number }[]; nextCursor: string | null }) => [
      page.items.map((i) => i.amount),
      page.nextCursor !== null,
    ];
    // Read in the same turn of the event loop, so all go out in one statement; the last two ask
    // with another organization than the fan's.
    const pages = await Promise.all([
      listTransactions(t.db, orgA.id, a1.user.id, { limit: 2 }),
      listTransactions(t.db, orgA.id, a1.user.id, { limit: 5 }),
      listTransactions(t.db, orgA.id, a2.user.id, { limit: 5 }),
      listTransactions(t.db, orgA.id, a3.user.id, { limit: 5 }),
      listTransactions(t.db, orgB.id, b1.user.id, { limit: 5 }),
      listTransactions(t.db, orgB.id, a1.user.id, { limit: 5 }),
      listTransactions(t.db, orgA.id, b1.user.id, { limit: 5 }),
    ]);
    expect(pages.map(amounts)).toEqual([
      [[3, 2], true],
      [[3, 2, 1], false],
      [[20], false],
      [[], false],
      [[30], false],
      [[], false],
      [[], false],
    ]);
    // The batched first page comes as one JSON text per fan: line for line what the row-by-row
    // read (support's, through Date) presents, `createdAt` to the millisecond included.
    expect(pages[1]?.items).toEqual(await transactionsFrom(t.db, orgA.id, a1.user.id, 5, 0));
    expect(pages[1]?.items[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const fans = [a1, a2, a3, b1];
    const seen = await Promise.all(
      [...fans, ...fans].map(async (f) =>
        amounts((await apiCall(t, f, 'GET', '/api/user/me/transactions')).json()),
      ),
    );
    const expected = [
      [[3, 2, 1], false],
      [[20], false],
      [[], false],
      [[30], false],
    ];
    expect(seen).toEqual([...expected, ...expected]);
    await award(a3, 7);
    expect(amounts((await apiCall(t, a3, 'GET', '/api/user/me/transactions')).json())).toEqual([[7], false]);
  });

  it('refuses another fan’s cursor, a garbage cursor and a bad limit with 400', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    await award(other, 1);
    await award(other, 2);
    const theirs = (await apiCall(t, other, 'GET', '/api/user/me/transactions?limit=1')).json().nextCursor;
    expect(theirs).toBeTruthy();
    for (const query of [`cursor=${theirs}`, 'cursor=nope', 'limit=0', 'limit=abc', 'limit=1000']) {
      const res = await apiCall(t, fan, 'GET', `/api/user/me/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await apiCall(t, { org }, 'GET', '/api/user/me/transactions')).statusCode).toBe(401);
  });
});

describe('POST /api/user/me/identify', () => {
  it('records the given e-mail for the caller only and reports the internal flag', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    const res = await apiCall(t, fan, 'POST', '/api/user/me/identify', { email: 'Lena@Paddock.demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ distinctId: fan.user.id, email: 'lena@paddock.demo', isInternal: true });
    await apiCall(t, fan, 'POST', '/api/user/me/identify', { email: 'lena@example.org' });
    const rows = await t.db
      .selectFrom('fanIdentities')
      .select(['userId', 'email'])
      .where('organizationId', '=', org.id)
      .execute();
    expect(rows).toEqual([{ userId: fan.user.id, email: 'lena@example.org' }]);
    // The sign-in e-mail is untouched.
    const me = (await apiCall(t, fan, 'GET', '/api/user/me')).json();
    expect(me.email).toBe(fan.user.email);
    expect((await apiCall(t, other, 'GET', '/api/user/me')).json().email).toBe(other.user.email);
  });

  it('refuses a malformed e-mail, extra fields and anonymous callers', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const bad = await apiCall(t, fan, 'POST', '/api/user/me/identify', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('email');
    const extra = await apiCall(t, fan, 'POST', '/api/user/me/identify', {
      email: 'a@b.co',
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('userId');
    expect((await apiCall(t, { org }, 'POST', '/api/user/me/identify', { email: 'a@b.co' })).statusCode).toBe(
      401,
    );
  });
});
