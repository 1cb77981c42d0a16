import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { organizationMemory } from './organization-memory.ts';

const t = useTestApp();

describe('organization memory', () => {
  it("keeps a team's build when another team changes meanwhile, not when its own team does", async () => {
    let builds = 0;
    let finish = () => {};
    const memory = organizationMemory<number>('memory_test_changed', () => {
      builds += 1;
      const n = builds;
      return new Promise<number>((resolve) => {
        finish = () => resolve(n);
      });
    });
    const team = randomUUID();
    const other = randomUUID();

    const first = memory.get(t.db, team);
    memory.changed(t.db, other);
    finish();
    expect(await first).toBe(1);
    const again = memory.get(t.db, team);
    expect(builds).toBe(1);
    expect(await again).toBe(1);

    memory.changed(t.db, team);
    const second = memory.get(t.db, team);
    memory.changed(t.db, team);
    finish();
    expect(await second).toBe(2);
    const third = memory.get(t.db, team);
    finish();
    expect(await third).toBe(3);
  });
});
