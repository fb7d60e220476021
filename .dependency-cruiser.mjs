// Architecture rules (DESIGN: module layout), checked by `npm run lint:arch`.
// test/architecture/depcruise.test.ts proves each rule fires on a fixture tree
// and that src passes. Paths match with `(^|/)src/` so the same rules apply to
// the fixture tree under test/architecture/fixtures/.

/**
 * Today's violations that need real refactoring, not an import path change:
 * rule name -> [importing file, imported file]. Other branches are removing
 * them; delete a pair when its import is gone (depcruise.test.ts fails until
 * you do). Each pair exempts one import of one file, so nothing new can hide
 * behind it.
 */
export const KNOWN_VIOLATIONS = {
};

const exact = (path) => `(^|/)${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The rule, minus the known pairs: the importing files of those pairs leave the
 * rule, and come back in one copy each that exempts only their known imports.
 */
function withKnownViolations(rule) {
  const pairs = KNOWN_VIOLATIONS[rule.name] ?? [];
  const byFile = new Map();
  for (const [from, to] of pairs) byFile.set(from, [...(byFile.get(from) ?? []), to]);
  const general = { ...rule, from: { ...rule.from, pathNot: [...list(rule.from.pathNot), ...[...byFile.keys()].map(exact)] } };
  const perFile = [...byFile].map(([from, tos]) => ({
    ...rule,
    comment: `${rule.comment} (Known violations of ${from} are exempted until it is refactored.)`,
    // Keeps the rule's `from.path` (its groups, e.g. $2, are used in `to`) and leaves out every other file.
    from: { ...rule.from, pathNot: [...list(rule.from.pathNot), `^(?!.*${exact(from)})`] },
    to: { ...rule.to, pathNot: [...list(rule.to.pathNot), ...tos.map(exact)] },
  }));
  return [general, ...perFile];
}

const RULES = [
  {
    name: 'module-through-index',
    comment:
      'A module uses another module only through its index.ts (its public surface). ' +
      'src/modules/module.ts and src/modules/privacy/ are shared and may be imported directly.',
    severity: 'error',
    from: { path: '(^|/)src/modules/([^/]+)/' },
    to: {
      path: '(^|/)src/modules/[^/]+/',
      pathNot: ['(^|/)src/modules/$2/', '(^|/)src/modules/[^/]+/index\\.ts$', '(^|/)src/modules/privacy/'],
    },
  },
  {
    name: 'module-http-only-in-routes',
    comment:
      'Inside a module only *.routes.ts and *.schemas.ts speak HTTP (src/http/); services, ' +
      'repositories and index.ts stay transport-free.',
    severity: 'error',
    from: { path: '(^|/)src/modules/', pathNot: '\\.(routes|schemas)\\.ts$' },
    to: { path: '(^|/)src/http/' },
  },
  {
    name: 'no-circular',
    comment:
      'No import cycle at run time. Type-only imports are left out: they are erased when ' +
      'compiling, and the schema types need them (db/types.ts gathers every table interface, ' +
      'and src/db/declare.ts names Database for declareTables).',
    severity: 'error',
    from: {},
    to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
  {
    name: 'client-standalone',
    comment: 'The SDK (packages/sdk/, re-exported by src/client/) ships on its own: it imports no other file of this repository.',
    severity: 'error',
    from: { path: '(^|/)(packages/sdk|src/client)/' },
    to: { dependencyTypes: ['local'], pathNot: '(^|/)(packages/sdk|src/client)/' },
  },
  {
    name: 'infrastructure-below-modules',
    comment:
      'Lists, errors, the actor, the database, jobs, rate limiting, file storage, the metrics and telemetry sit below the modules and ' +
      'HTTP: they import neither src/http/ nor a module folder (but the shared modules/privacy). db/types.ts and db/tables.ts ' +
      'gather the table types and declarations of every module, and may.',
    severity: 'error',
    from: {
      path: '(^|/)src/(lists/|errors\\.ts$|actor\\.ts$|db/|jobs/|ratelimit/|storage/|metrics/|telemetry/)',
      pathNot: '(^|/)src/db/(types|tables)\\.ts$',
    },
    // modules/privacy holds no tables: the eraser contract and the text matching every eraser shares.
    to: { path: '(^|/)src/(http/|modules/[^/]+/)', pathNot: '(^|/)src/modules/privacy/' },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: RULES.flatMap(withKnownViolations),
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixtures break the rules on purpose; depcruise.test.ts cruises them on their own.
    exclude: { path: '(^|/)test/architecture/fixtures/' },
    // Follow `import type` too, so the boundary rules cover types (no-circular leaves them out).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      // Packages such as typebox have only an `exports` map (no `main`).
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
