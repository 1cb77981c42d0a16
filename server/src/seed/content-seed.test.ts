import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_ASSETS_DIR } from '../platform/file-store.ts';
import { demoTeam } from '../test/demo-team.ts';
import { apiCall, useTestApp } from '../test/test-app.ts';
import { seedContent } from './content-seed.ts';

const t = useTestApp();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('demo content seed (product §14)', () => {
  it('gives a fan 3 playlists with 10 videos, 6 articles and the stories of their rank, all playable offline', async () => {
    // A new fan (0 lifetime points, the lowest rank) sees only the stories open to every rank.
    const { org, fan, context } = await demoTeam(t);
    await seedContent(context());

    const videos = (await apiCall(t, fan, 'GET', '/api/content/videos')).json();
    expect(videos.videos).toHaveLength(10);
    expect(videos.playlists).toHaveLength(3);
    expect(videos.videos.every((v: { videoSourceType: string }) => v.videoSourceType === 'file')).toBe(true);
    const articles = (await apiCall(t, fan, 'GET', '/api/content/articles')).json().articles;
    expect(articles).toHaveLength(6);

    const stories = (await apiCall(t, fan, 'GET', '/api/content/stories')).json().stories;
    const titles = stories.map((s: { title: string }) => s.title);
    // A P10 adult sees 7 of the 8: the P9 story stays hidden until they rank up.
    expect(titles).toHaveLength(7);
    expect(titles).toContain('P10 Welcome to the garage');
    expect(titles).not.toContain('P9 Inside the simulator');
    expect(stories[0]).toMatchObject({ title: 'Live from the grid', type: 'live' });
    expect(stories.filter((s: { type: string }) => s.type === 'sponsored')).toHaveLength(2);
    expect(stories.find((s: { title: string }) => s.title === 'Save to Home').shareable).toBe(false);

    // Every seeded media row points at a committed file the file store can serve.
    const media = await t.db
      .selectFrom('media')
      .select('storageKey')
      .where('organizationId', '=', org.id)
      .execute();
    expect(media.length).toBeGreaterThan(40);
    for (const m of media) expect(t.deps.files.resolve(m.storageKey), m.storageKey).not.toBeNull();
  });

  it('keeps the committed demo media under 3 MB in all', () => {
    const total = filesUnder(path.join(SEED_ASSETS_DIR, 'content')).reduce(
      (sum, f) => sum + statSync(f).size,
      0,
    );
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});
