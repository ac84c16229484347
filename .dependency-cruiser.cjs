/**
 * The import fence (`npm test` runs it): the layers of DESIGN.md and docs/architecture.md, resolved the way
 * TypeScript and Node resolve them (type-only imports included), so a rename or an alias cannot slip past it.
 * Zero exceptions: a rule that must bend is changed here, in review, with its reason.
 */
const web = 'apps/web/src';
const server = 'apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order matter and hide which layer owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'packages/domain is pure calculation: nothing of ours, no node:* (time and config come in as arguments).',
      from: { path: '^packages/domain/src', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^(packages/(contracts)|apps)/|^node_modules/@ecohelm/(contracts|server|web)',
      },
    },
    {
      name: 'domain-no-node',
      severity: 'error',
      comment: 'packages/domain runs in the browser too: no Node built-ins.',
      from: { path: '^packages/domain/src' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-import-zod-and-domain',
      severity: 'error',
      comment: 'packages/contracts holds the zod schemas shared by server and web: zod and domain at most.',
      from: { path: '^packages/contracts/src' },
      to: {
        pathNot: ['^packages/contracts/src', '^packages/domain/src', '^node_modules/zod/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The console reaches the server over HTTP only.',
      from: { path: `^${web}` },
      to: { path: '^apps/server' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: `^${server}` },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'Web features talk through lib/ (shared data hooks, query keys) and ui/, and are composed in app/.',
      from: { path: `^${web}/features/([^/]+)/` },
      to: { path: `^${web}/features/`, pathNot: `^${web}/features/$1/` },
    },
    {
      name: 'web-features-not-app-or-shell',
      severity: 'error',
      comment: 'app/ is the composition root and shell/ the frame: features use lib/ and ui/ instead.',
      from: { path: `^${web}/features/` },
      to: { path: `^${web}/(app|shell)/` },
    },
    {
      name: 'web-shell-not-app-or-features',
      severity: 'error',
      comment: 'The app hands the shell what belongs to features (header slots, section views).',
      from: { path: `^${web}/shell/` },
      to: { path: `^${web}/(app|features)/` },
    },
    {
      name: 'web-overview-without-echarts',
      severity: 'error',
      comment:
        'The first route draws its charts with uPlot and SVG (ui/light-chart, ui/doughnut) to stay within its bytes; ECharts (~180 kB) loads with the other pages (docs/decisions.md "First route\'s bytes").',
      from: { path: `^${web}/(features/overview/|ui/(light-|doughnut))`, pathNot: '\\.test\\.tsx?$' },
      to: { path: [`^${web}/ui/chart(\\.tsx$|-impl|-parts)`, '^node_modules/echarts(-for-react)?/'] },
    },
    {
      name: 'web-ui-only-lib',
      severity: 'error',
      comment: 'ui/ is shared presentation: it may use lib/ and i18n, nothing above it.',
      from: { path: `^${web}/ui/` },
      to: { path: `^${web}/(app|shell|features)/` },
    },
    {
      name: 'web-lib-is-the-bottom',
      severity: 'error',
      from: { path: `^${web}/lib/` },
      to: { path: `^${web}/(app|shell|features|ui)/` },
    },
    {
      name: 'server-features-not-simulator',
      severity: 'error',
      comment: 'Product features do not depend on the demo; the simulator feeds them through their services.',
      from: { path: `^${server}/features/` },
      to: { path: `^${server}/simulator/` },
    },
    {
      name: 'server-platform-not-features',
      severity: 'error',
      comment: 'platform/ (errors, auth, config) sits under every feature.',
      from: { path: `^${server}/platform/` },
      to: { path: `^${server}/(features|simulator|db/migrations)/|^${server}/app\\.ts$` },
    },
    {
      name: 'server-db-not-features',
      severity: 'error',
      comment: 'db/ holds every table type and migration; features use it, not the other way round.',
      from: { path: `^${server}/db/` },
      to: { path: `^${server}/(features|simulator|platform)/|^${server}/app\\.ts$` },
    },
    {
      name: 'server-features-not-app',
      severity: 'error',
      comment: 'app.ts composes features; a feature never reaches back into it.',
      from: { path: `^${server}/features/` },
      to: { path: `^${server}/(app|main|cli)\\.ts$` },
    },
    {
      name: 'server-feature-public-entry',
      severity: 'error',
      comment:
        'A server feature uses another only through its public entry (index.ts: its service and types), never its repository, routes or helpers.',
      from: { path: `^${server}/features/([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `^${server}/features/`,
        pathNot: [`^${server}/features/$1/`, `^${server}/features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-entry-hides-its-repository',
      severity: 'error',
      comment: "A feature's public entry builds its repository (a create… factory) and never hands it out.",
      from: { path: `^${server}/features/[^/]+/index\\.ts$` },
      to: { path: '\\.repository\\.ts$', dependencyTypes: ['export'] },
    },
    {
      name: 'server-composition-through-entries',
      severity: 'error',
      comment: 'app.ts, main.ts, cli.ts and the simulator compose features through their public entries too.',
      from: { path: `^${server}/(app|main|cli)\\.ts$|^${server}/simulator/` },
      to: { path: `^${server}/features/`, pathNot: `^${server}/features/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-routes-call-their-service',
      severity: 'error',
      comment:
        'A route validates, checks the permission and calls its service: never a repository or the store.',
      from: { path: `^${server}/features/[^/]+/[^/]*\\.routes\\.ts$` },
      to: { path: [`\\.repository\\.ts$`, `^${server}/db/`] },
    },
    {
      name: 'server-only-repositories-touch-kysely',
      severity: 'error',
      comment: 'SQL lives in repositories (and db/ for migrations and the store); services ask a repository.',
      from: { path: `^${server}/`, pathNot: [`\\.repository\\.ts$`, `^${server}/db/`, '\\.test\\.ts$'] },
      to: { path: '^node_modules/kysely/' },
    },
    {
      name: 'packages-by-name',
      severity: 'error',
      comment:
        'Apps, tests and benches import the shared packages by name (@ecohelm/domain, @ecohelm/contracts), never by path.',
      from: { path: '^(apps|e2e|bench|scripts)/' },
      to: { path: '^packages/', dependencyTypesNot: ['aliased-workspace'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
