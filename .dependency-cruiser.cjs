/**
 * Import boundaries (docs/conventions.md §2, docs/architecture.md §2, decision 0013), checked by
 * `npm run lint:deps` (part of `npm run lint` and `npm run check`).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-to-server',
      comment: 'The web app never imports the server (web → contract ← server).',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'e2e-through-http',
      comment:
        'The end-to-end tests reach the app over HTTP only: they import the contract, never the code of apps/.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^apps/' },
    },
    {
      name: 'bench-server-entry-points',
      comment:
        "The benches start the built server, or boot the app in-process through its entry points (app.ts, config.ts, db/, test/helper.ts); never a feature or the web app. One exception, loaded at run time and so not seen here: bench/scale/migration.mjs reads the server's actor query (features/auth/auth.repository.ts, findActor), because the migration check must read permissions exactly as the server builds them.",
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^apps/(web/|server/src/(features|plugins|lib|authz|jobs)/)' },
    },
    {
      name: 'apps-not-to-tooling',
      comment: 'The apps and the contract never import the benches or the end-to-end tests.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^(bench|e2e)/' },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contract-only-zod',
      comment: 'The contract is pure TypeScript: it imports zod and itself, nothing else.',
      severity: 'error',
      from: { path: '^packages/contract/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^(packages/contract/|node_modules/zod/)' },
    },
    {
      name: 'web-feature-isolation',
      comment: 'A web feature never imports another feature; app/ composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment:
        'Shared web code (lib, components, hooks, testing, styles) imports no feature and no app code.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|hooks|testing|styles)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-feature-through-index',
      comment: 'A server feature reaches another only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-shared-below-features',
      comment: 'db/, lib/, authz/, plugins/ and jobs/ import no feature.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|lib|authz|plugins|jobs)/' },
      to: { path: '^apps/server/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.tmp|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
