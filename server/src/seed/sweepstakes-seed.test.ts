import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_ASSETS_DIR } from '../platform/file-store.ts';
import { demoTeam } from '../test/demo-team.ts';
import { apiCall, useTestApp } from '../test/test-app.ts';
import { ledgerMismatches } from '../test/points.ts';
import { rulesPdf } from './sweepstakes-demo-assets.ts';
import { seedSweepstakes } from './sweepstakes-seed.ts';

const t = useTestApp();

describe('seedSweepstakes (demo season)', () => {
  it('creates 4 sweepstakes (live, coming soon, drawn with verifiable winners) and 2 activations with badges', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const { org, fan, context } = await demoTeam(t);
    await t.db.transaction().execute((trx) => seedSweepstakes(context(trx)));

    const list = (await apiCall(t, fan, 'GET', '/api/sweepstake')).json();
    expect(list.map((s: { status: string }) => s.status)).toEqual(['live', 'live', 'coming_soon', 'ended']);
    const ended = list[3];
    expect(ended.winners).toHaveLength(2);
    expect(ended.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.userEntries).toBe(1);
    for (const s of list) {
      expect(s.imageUrl).toMatch(/^\/files\//);
      expect(s.rulesUrl).toMatch(/^\/files\//);
    }
    const rules = await apiCall(t, fan, 'GET', list[0].rulesUrl);
    expect(rules.statusCode).toBe(200);
    expect(rules.headers['content-type']).toMatch(/application\/pdf/);
    const verify = (await apiCall(t, { org }, 'GET', `/api/sweepstake/${ended.sweepstakeId}/verify`)).json();
    expect(verify.verified).toBe(true);
    expect(verify.entries).toHaveLength(6);

    const activations = (await apiCall(t, fan, 'GET', '/api/activations/list')).json();
    expect(activations.map((a: { slug: string; status: string }) => [a.slug, a.status])).toEqual([
      ['silverstone-fan-zone', 'open'],
      ['monza-pit-walk', 'upcoming'],
    ]);
    const activated = await apiCall(t, fan, 'POST', '/api/activations/activate-user', {
      slug: 'silverstone-fan-zone',
    });
    expect(activated.json()).toMatchObject({ pointsAwarded: 200 });
    expect(activated.json().badges).toHaveLength(2);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('commits the rules PDF exactly as the generator writes it (a valid PDF 1.4)', async () => {
    const { readFileSync } = await import('node:fs');
    const committed = readFileSync(path.join(SEED_ASSETS_DIR, 'sweepstakes/official-rules.pdf'));
    expect(committed.equals(rulesPdf())).toBe(true);
    expect(committed.subarray(0, 8).toString()).toBe('%PDF-1.4');
    const text = committed.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });
});
