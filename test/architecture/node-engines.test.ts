import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// eventline runs on Node 20 (package.json "engines"). A dependency whose newest release needs Node 22
// slips in with any `npm install` that moves the lockfile; npm only warns (EBADENGINE), and the
// package may fail at run time on Node 20. package.json pins such packages with "overrides".
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[]; optional?: boolean }>;
};

/** The lowest Node release eventline supports, and the first and the last 20.x we check against. */
const ourMinimum = semver.minVersion(pkg.engines.node)?.version ?? '';
const NODE_20 = ['20.19.0', '20.20.0', '20.99.0'];

describe('the lockfile runs on Node 20', () => {
  it('declares Node 20 as supported', () => {
    expect(semver.satisfies('20.19.0', pkg.engines.node)).toBe(true);
    expect(semver.major(ourMinimum)).toBe(20);
  });

  it('holds no package whose engines.node excludes Node 20', () => {
    const excluding: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue;
      // engines may be an array of strings in very old packages, which npm ignores too.
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines['node'] : undefined;
      if (range === undefined) continue;
      checked++;
      const ok = semver.validRange(range) !== null && NODE_20.every((v) => semver.satisfies(v, range, { includePrerelease: true }));
      if (!ok) excluding.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} (engines.node "${range}", at ${path})`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(excluding, 'pin these with "overrides" in package.json (or change the parent) to a release that supports Node 20').toEqual([]);
  });
});
