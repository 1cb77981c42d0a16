/**
 * The architecture's boundaries, checked by `npm run lint` (dependency-cruiser resolves every
 * import to a file, so a relative path cannot sneak past a rule). The rules say what
 * server/src/README.md and web/src/README.md describe; `scripts/lint-boundaries.test.ts` proves
 * each one fails on a deliberate crossing.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle anywhere: a circle means two files are one module in disguise.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-are-a-leaf',
      severity: 'error',
      comment: 'contracts/ is shared by both sides and imports nothing of either.',
      from: { path: '^contracts/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-features-are-independent',
      severity: 'error',
      comment:
        'A web feature never imports another feature: app/ composes features, shared pieces live in ui/, lib/ or config/.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-imports-flow-towards-app',
      severity: 'error',
      comment: 'Imports flow shared → features → app: nothing outside app/ imports app/.',
      from: { path: '^web/src/', pathNot: '^web/src/(app/|main\\.tsx$)' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'ui/, lib/, config/ and i18n/ are shared by every feature, so they import none.',
      from: { path: '^web/src/(ui|lib|config|i18n)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'server-modules-keep-their-tables',
      severity: 'error',
      comment:
        "A module reaches another domain's data through that module's service, never its tables, seeds or test files.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/([^/]+)/.*(-tables|-seed|\\.test|-fixtures?|-factories)\\.ts$',
        pathNot: '^server/src/modules/$1/',
      },
    },
    {
      name: 'ledger-imports-no-domain',
      severity: 'error',
      comment: 'The ledger is the only way points move; domains call it, it calls none of them.',
      from: { path: '^server/src/modules/ledger/' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/ledger/' },
    },
    {
      name: 'runtime-never-imports-seeds',
      severity: 'error',
      comment:
        'Demo data is loaded by the entry points only (main.ts or the cluster primary on first start, the admin CLI); runtime code never depends on it.',
      from: {
        path: '^server/src/',
        pathNot: [
          '^server/src/seed/',
          '^server/src/test/',
          '\\.test\\.ts$',
          '^server/src/(main|cluster|cli/.*)\\.ts$',
        ],
      },
      to: { path: '^server/src/seed/' },
    },
    {
      name: 'runtime-never-imports-tests',
      severity: 'error',
      comment: 'Test helpers serve tests; runtime code and seeds never import them.',
      from: {
        path: '^(server|web|contracts)/',
        pathNot: ['\\.test\\.tsx?$', '^server/src/test/', '^web/e2e/'],
      },
      to: { path: ['^server/src/test/', '\\.test\\.tsx?$', '^web/e2e/'] },
    },
    {
      name: 'platform-is-below-domains',
      severity: 'error',
      comment: 'platform/ is plumbing every domain uses; it knows no domain module.',
      from: { path: '^server/src/platform/' },
      to: { path: '^server/src/(modules|admin|auth|seed)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
