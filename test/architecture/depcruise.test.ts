import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

// The architecture rules of .dependency-cruiser.mjs (run by `npm run lint`)
// must bite: the fixture tree breaks each one on purpose, and src keeps them all.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = 'test/architecture/fixtures/src';

/** rule name -> [importing file, imported file] pairs the config exempts for now. */
type KnownViolations = Readonly<Record<string, readonly (readonly [string, string])[]>>;

let options: ICruiseOptions;
let tsConfig: ReturnType<typeof extractTSConfig>;
let known: KnownViolations;

beforeAll(async () => {
  options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.mjs`);
  tsConfig = extractTSConfig(`${ROOT}tsconfig.json`);
  // The config is plain JavaScript (no declaration file): its export is typed here.
  known = ((await import(`${ROOT}.dependency-cruiser.mjs`)) as { KNOWN_VIOLATIONS: KnownViolations }).KNOWN_VIOLATIONS;
});

async function cruiseFrom(paths: string[], overrides: ICruiseOptions = {}): Promise<ICruiseResult> {
  const { output } = await cruise(paths, { ...options, baseDir: ROOT, ...overrides }, {}, { tsConfig });
  return output as ICruiseResult;
}

/** `rule: from -> to`, paths shown relative to the fixture tree. */
function violations(result: ICruiseResult): string[] {
  const short = (path: string): string => path.replace(`${FIXTURES}/`, '');
  return (result.summary.violations ?? []).map((v) => `${v.rule.name}: ${short(v.from)} -> ${short(v.to)}`).sort();
}

describe('architecture rules (dependency-cruiser)', () => {
  it('report every broken rule in the fixture tree, and nothing else', async () => {
    // The config excludes the fixtures from normal runs; here they are the subject.
    const result = await cruiseFrom([FIXTURES], { exclude: { path: '^$' } });
    expect(violations(result)).toEqual([
      'client-standalone: client/client.ts -> app.ts',
      'client-standalone: client/generate.ts -> app.ts',
      'infrastructure-below-modules: db/db.ts -> modules/sessions/index.ts',
      'infrastructure-below-modules: jobs/queue.ts -> http/x.ts',
      'module-http-only-in-routes: modules/communications/join-emails.ts -> http/auth.ts',
      'module-http-only-in-routes: modules/communications/join-emails.ts -> http/paging.ts',
      'module-http-only-in-routes: modules/sessions/sessions.service.ts -> http/x.ts',
      'module-http-only-in-routes: modules/webcasts/index.ts -> http/x.ts',
      'module-through-index: modules/accounts/accounts.service.ts -> modules/oauth/oauth.service.ts',
      'module-through-index: modules/accounts/accounts.service.ts -> modules/oauth/scopes.ts',
      'module-through-index: modules/webcasts/webcasts.service.ts -> modules/sessions/sessions.repository.ts',
      // One report per cycle; c.ts <-> d.ts is not one, as c.ts imports d.ts for types only.
      'no-circular: lists/a.ts -> lists/b.ts',
    ]);
  });

  it('pass on src, and every known violation is still there (the list only shrinks)', async () => {
    const result = await cruiseFrom(['src']);
    expect(violations(result)).toEqual([]);
    const imports = new Set(result.modules.flatMap((m) => m.dependencies.map((d) => `${m.source} -> ${d.resolved}`)));
    const gone = Object.entries(known).flatMap(([rule, pairs]) => pairs
      .filter(([from, to]) => !imports.has(`${from} -> ${to}`))
      .map(([from, to]) => `${rule}: ${from} -> ${to}`));
    expect(gone, 'remove these from KNOWN_VIOLATIONS in .dependency-cruiser.mjs').toEqual([]);
  });
});
