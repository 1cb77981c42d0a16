/**
 * The README promises Node.js ≥ 20.19 and a clean `npm install` without engine warnings. npm warns (EBADENGINE) when a locked package's `engines.node` excludes the
 * running Node, so every package the lock file installs must accept the oldest Node we declare.
 * A dependency bump that pulls in a Node-22-only package (cookie@2 and content-disposition@3
 * did, through light-my-request and @fastify/static) fails here instead of on a fan's laptop.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
};

describe('engines', () => {
  const oldest = semver.minVersion(pkg.engines.node);

  it('declares a Node.js 20 floor', () => {
    expect(oldest?.major).toBe(20);
  });

  it('installs no locked package that refuses the oldest declared Node.js', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        if (!range || !oldest) return [];
        return semver.satisfies(oldest, range, { includePrerelease: true })
          ? []
          : [`${path}@${entry.version}: node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});
