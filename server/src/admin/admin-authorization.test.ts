import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../test/test-app.ts';

/**
 * Product §11.1: every /api/admin route, enumerated from the router itself (so a route added later is
 * covered without touching this file), refuses anonymous callers (401) and fans (403), and an
 * operator of organization A gets 404 for organization B's objects.
 */
const routes: { method: string; url: string }[] = [];
const collect = (route: RouteOptions) => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || !route.url.startsWith('/api/admin')) continue;
    routes.push({ method, url: route.url });
  }
};

const t = useTestApp({}, { onRoute: collect });
let orgA: Organization;
let orgB: Organization;
let fanA: TestFan;
let operatorA: TestFan;
/** One real object of organization B per table an admin route may address by id. */
const objectsOfB: Record<string, string> = {};

const fill = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);

/** A well-formed body per route, so the 404 comes from the scoping check, not validation. */
const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/admin/fans/:id/adjust-points': { amount: 5, reason: 'Support ticket 42' },
  'POST /api/admin/fans/:id/roles': { roles: ['operator'] },
  'PATCH /api/admin/consent-types/:id': { name: 'Renamed' },
  'POST /api/admin/challenges/:id/settle': { outcomeIndex: 0 },
  'POST /api/admin/challenges/:id/settle/preview': { outcomeIndex: 0 },
  'POST /api/admin/sweepstakes/:id/draw': { winners: 1 },
  'PUT /api/admin/videos/:id': { name: 'V', sourceType: 'youtube', externalUrl: 'https://youtu.be/x' },
  'PUT /api/admin/playlists/:id': { name: 'P' },
  'PATCH /api/admin/offers/:id': { title: 'O' },
  'POST /api/admin/offers/:id/codes': { csv: 'CODE-1' },
  'PATCH /api/admin/boosts/:id': { name: 'B' },
  'PUT /api/admin/activations/:id': {
    slug: 'a',
    title: 'A',
    startsAt: '2026-01-01T00:00:00Z',
    stopsAt: '2026-01-02T00:00:00Z',
  },
  'PUT /api/admin/leaderboard-weekends/:id': {
    name: 'W',
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-01-02T00:00:00Z',
  },
  'PUT /api/admin/stories/:id': {
    title: 'S',
    chapters: [{ mediaId: '00000000-0000-4000-8000-000000000001' }],
  },
  'PUT /api/admin/articles/:id': {
    slug: 'a',
    title: 'A',
    bodyHtml: '<p>a</p>',
    publishedAt: '2026-01-01T00:00:00Z',
  },
};

/** Which table's id the first path parameter of a route names. */
function ownerTable(url: string): string | undefined {
  const segment = url.replace('/api/admin/', '').split('/')[0] ?? '';
  const map: Record<string, string> = {
    fans: 'users',
    'consent-types': 'consent_types',
    challenges: 'challenges',
    sweepstakes: 'sweepstakes',
    activations: 'activations',
    videos: 'videos',
    playlists: 'playlists',
    articles: 'articles',
    stories: 'stories',
    media: 'media',
    badges: 'badges',
    offers: 'offers',
    boosts: 'boosts',
    'leaderboard-weekends': 'leaderboard_weekends',
  };
  return map[segment];
}

async function firstIdOf(table: string, organizationId: string): Promise<string | undefined> {
  const exists = await sql<{ t: string | null }>`select to_regclass(${table}) as t`.execute(t.db);
  if (!exists.rows[0]?.t) return undefined;
  const row = await sql<{ id: string }>`
    select id::text as id from ${sql.table(table)} where organization_id = ${organizationId} limit 1`.execute(
    t.db,
  );
  return row.rows[0]?.id;
}

beforeAll(async () => {
  orgA = await createOrg(t);
  orgB = await createOrg(t);
  fanA = await createFan(t, orgA);
  operatorA = await createFan(t, orgA, { roles: ['admin'] });
  const fanB = await createFan(t, orgB);
  objectsOfB.users = fanB.user.id;
  // Objects of B in the other domains' tables, inserted directly so this test depends on no
  // other helper's service; absent tables are simply skipped.
  await sql`insert into media (organization_id, purpose, content_type, byte_size, storage_key)
    values (${orgB.id}, 'image', 'image/png', 1, 'local:none.png')`.execute(t.db);
  const tries: [string, ReturnType<typeof sql>][] = [
    [
      'challenges',
      sql`insert into challenges (organization_id, type, subtype, title, visible_from)
        values (${orgB.id}, 'poll', 'poll', 'B poll', now())`,
    ],
    [
      'sweepstakes',
      sql`insert into sweepstakes (organization_id, title, prize, starts_at, ends_at, cost_per_entry, seed, seed_hash)
        values (${orgB.id}, 'B prize draw', 'A cap', now(), now() + interval '1 day', 10, 'seed', 'hash')`,
    ],
    [
      'activations',
      sql`insert into activations (organization_id, slug, title, starts_at, stops_at)
        values (${orgB.id}, 'b-launch', 'B launch', now(), now() + interval '1 day')`,
    ],
    [
      'videos',
      sql`insert into videos (organization_id, name, source_type, external_url)
        values (${orgB.id}, 'B clip', 'youtube', 'https://youtube.com/watch?v=x')`,
    ],
    ['playlists', sql`insert into playlists (organization_id, name) values (${orgB.id}, 'B list')`],
    [
      'articles',
      sql`insert into articles (organization_id, slug, title, body_html, published_at)
        values (${orgB.id}, 'b-article', 'B', '<p>b</p>', now())`,
    ],
    ['stories', sql`insert into stories (organization_id, title) values (${orgB.id}, 'B story')`],
    ['badges', sql`insert into badges (organization_id, name) values (${orgB.id}, 'B badge')`],
    [
      'offers',
      sql`insert into offers (organization_id, title, starts_at, ends_at, redemption, instruction)
        values (${orgB.id}, 'B offer', now(), now() + interval '1 day', 'instruction', 'Show this')`,
    ],
    [
      'leaderboard_weekends',
      sql`insert into leaderboard_weekends (organization_id, name, starts_at, ends_at)
        values (${orgB.id}, 'B weekend', now(), now() + interval '1 day')`,
    ],
    [
      'boosts',
      sql`insert into boosts (organization_id, name, multiplier, earning, starts_at, ends_at)
        values (${orgB.id}, 'B boost', 2, 'all', now(), now() + interval '1 day')`,
    ],
  ];
  for (const [table, insert] of tries) {
    const exists = await sql<{ t: string | null }>`select to_regclass(${table}) as t`.execute(t.db);
    if (exists.rows[0]?.t) await insert.execute(t.db);
  }
  for (const table of ['consent_types', 'media', ...tries.map(([name]) => name)]) {
    const id = await firstIdOf(table, orgB.id);
    if (id) objectsOfB[table] = id;
  }
});

const call = (as: TestFan | { org: Organization }, method: string, url: string) =>
  apiCall(t, as, method as 'GET', url, method === 'GET' || method === 'DELETE' ? undefined : {});

describe('every /api/admin route', () => {
  it('is found by the route collector (including this module’s own routes)', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/fans',
        'POST /api/admin/fans/:id/adjust-points',
        'GET /api/admin/audit',
        'PATCH /api/admin/organization',
        'PUT /api/admin/ranks',
        'DELETE /api/admin/consent-types/:id',
        'POST /api/admin/media',
        'GET /api/admin/stats',
      ]),
    );
  });

  it('answers an anonymous caller with 401 on each', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const res = await call({ org: orgA }, r.method, fill(r.url, randomUUID()));
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers a fan's token with 403 forbidden on each", async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const res = await call(fanA, r.method, fill(r.url, randomUUID()));
      if (res.statusCode !== 403 || res.json().code !== 'forbidden') {
        failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers an operator of organization A with 404 for organization B's objects on each id route", async () => {
    // A board name (season, week, weekend) addresses no object, so those routes have no B to miss.
    const idRoutes = routes.filter((r) => r.url.includes(':') && !r.url.includes(':board'));
    expect(idRoutes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const r of idRoutes) {
      const table = ownerTable(r.url);
      const id = table ? objectsOfB[table] : undefined;
      if (!id) {
        failures.push(`${r.method} ${r.url}: no object of B to address (add it to ownerTable/tries)`);
        continue;
      }
      const key = `${r.method} ${r.url}`;
      const needsBody = r.method !== 'GET' && r.method !== 'DELETE';
      const res = await apiCall(
        t,
        operatorA,
        r.method as 'GET',
        fill(r.url, id),
        needsBody ? (SAMPLE_BODIES[key] ?? {}) : undefined,
      );
      if (res.statusCode !== 404) failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
