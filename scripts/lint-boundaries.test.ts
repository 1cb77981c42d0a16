import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs. These tests build a small
 * tree with one deliberate crossing each and prove the rule that forbids it fires, so a rule that
 * silently stopped matching (a renamed folder, a wrong regex) turns CI red.
 */
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as IConfiguration;

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Writes the files (path → source) into a fresh folder and returns the rules they break. */
async function violations(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(path.join(tmpdir(), 'paddock-lint-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['.'], {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    });
    const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    return output.summary.violations.map((v: { rule: { name: string } }) => v.rule.name).sort();
  } finally {
    process.chdir(cwd);
  }
}

describe('npm run lint refuses an import across a boundary', () => {
  it('passes a tree that keeps every rule', async () => {
    expect(
      await violations({
        'web/src/features/challenges/poll.tsx':
          "import { paths } from '../../config/paths.ts';\nexport const a = paths;",
        'web/src/config/paths.ts': 'export const paths = {};',
        'web/src/app/router.tsx': "import { a } from '../features/challenges/poll.tsx';\nexport const r = a;",
        'server/src/modules/checkin/checkin-service.ts':
          "import { postPoints } from '../ledger/ledger-service.ts';\nexport const c = postPoints;",
        'server/src/modules/ledger/ledger-service.ts': 'export const postPoints = 1;',
      }),
    ).toEqual([]);
  });

  it('a web feature importing another feature', async () => {
    expect(
      await violations({
        'web/src/features/dashboard/card.tsx':
          "import { Offer } from '../rewards/offer-card.tsx';\nexport const c = Offer;",
        'web/src/features/rewards/offer-card.tsx': 'export const Offer = 1;',
      }),
    ).toEqual(['web-features-are-independent']);
  });

  it('a feature or shared piece importing app/, and ui/ importing a feature', async () => {
    expect(
      await violations({
        'web/src/features/about/about.tsx': "import { r } from '../../app/routes.ts';\nexport const a = r;",
        'web/src/app/routes.ts': 'export const r = 1;',
        'web/src/ui/button.tsx': "import { t } from '../features/about/tone.ts';\nexport const b = t;",
        'web/src/features/about/tone.ts': 'export const t = 1;',
      }),
    ).toEqual(['web-imports-flow-towards-app', 'web-shared-imports-no-feature']);
  });

  it("a server module reading another module's tables, and the ledger importing a domain", async () => {
    expect(
      await violations({
        'server/src/modules/activations/activation-service.ts':
          "import type { BadgeTables } from '../rewards/reward-tables.ts';\nexport type A = BadgeTables;",
        'server/src/modules/rewards/reward-tables.ts': 'export interface BadgeTables { id: string }',
        'server/src/modules/ledger/ledger-service.ts':
          "import { boost } from '../rewards/boost-service.ts';\nexport const l = boost;",
        'server/src/modules/rewards/boost-service.ts': 'export const boost = 1;',
      }),
    ).toEqual(['ledger-imports-no-domain', 'server-modules-keep-their-tables']);
  });

  it('runtime code importing a seed or a test helper, and contracts importing the server', async () => {
    expect(
      await violations({
        'server/src/modules/profile/profile-service.ts':
          "import { demo } from '../../seed/demo.ts';\nimport { fan } from '../../test/fans.ts';\nexport const p = [demo, fan];",
        'server/src/seed/demo.ts': 'export const demo = 1;',
        'server/src/test/fans.ts': 'export const fan = 1;',
        'contracts/src/user.ts': "import { p } from '../../server/src/x.ts';\nexport const u = p;",
        'server/src/x.ts': 'export const p = 1;',
      }),
    ).toEqual(['contracts-are-a-leaf', 'runtime-never-imports-seeds', 'runtime-never-imports-tests']);
  });

  it('platform plumbing importing a domain, and an import circle', async () => {
    expect(
      await violations({
        'server/src/platform/context.ts':
          "import { org } from '../modules/organization/organization-service.ts';\nexport const c = org;",
        'server/src/modules/organization/organization-service.ts': 'export const org = 1;',
        'server/src/db/a.ts': "import { b } from './b.ts';\nexport const a = b;",
        'server/src/db/b.ts': "import { a } from './a.ts';\nexport const b = a;",
      }),
    ).toEqual(['no-circular', 'platform-is-below-domains']);
  });
});
