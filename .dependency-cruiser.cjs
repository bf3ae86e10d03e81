// Module boundaries of the API server (decision 0035). `npm run lint` runs these; a violation fails it.
// Tests and fixtures are exempt: they build state across modules on purpose. Test support lives
// outside src (apps/server/test-support, packages/db/test-support), where production cannot reach it.
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const TEST_SUPPORT = ['\\.test\\.ts$', '\\.fixtures\\.ts$'];
const DB = '^packages/db/src/';

// Which module owns each schema file (and the db helpers that read its tables): one list, which the
// docs test also reads.
const TABLE_OWNERS = require('./packages/db/table-owners.cjs');

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const tableOwnership = Object.entries(TABLE_OWNERS).map(([file, owner]) => ({
  name: `only-${owner}-reads-${file.replace(/\.ts$/, '').replace('/', '-')}`,
  comment: `packages/db/src/${file} belongs to the ${owner} module: others call its index.`,
  severity: 'error',
  from: { path: SERVER, pathNot: [`${MODULES}${literal(owner)}/`, ...TEST_SUPPORT] },
  to: { path: `^packages/db/src/${literal(file)}$` },
}));

module.exports = {
  forbidden: [
    {
      name: 'module-imported-only-through-its-index',
      comment: "Another module's files are its own: import what it offers from its index.ts.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST_SUPPORT },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-imports-modules-through-their-index',
      comment: 'The composition root and scripts import a module from its index.ts as well.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${MODULES}`, ...TEST_SUPPORT] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'plugins-and-policy-import-no-module',
      comment: 'HTTP plugins and the policy sit below every module; they are handed what they need.',
      severity: 'error',
      from: { path: `${SERVER}(plugins|policy)/`, pathNot: TEST_SUPPORT },
      to: { path: MODULES },
    },
    {
      name: 'no-circular',
      comment:
        'Modules form a ladder: a module that needs something from one above it is handed it by app.ts.',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST_SUPPORT },
      to: { circular: true },
    },
    {
      name: 'production-imports-no-test-support',
      comment: 'Test support (fakes, test apps, test databases) is for tests; production never loads it.',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST_SUPPORT },
      to: { path: ['^apps/server/test-support/', '^packages/db/test-support/'] },
    },
    {
      name: 'production-imports-no-schema-barrel',
      comment: 'The schema barrel holds every table: a module imports the schema file it owns.',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST_SUPPORT },
      to: { path: `${DB}schema/index\\.ts$` },
    },
    {
      name: 'production-imports-no-relations',
      comment:
        "relations.ts ties every module's tables together for the relational queries of tests and seed.",
      severity: 'error',
      from: { path: SERVER, pathNot: TEST_SUPPORT },
      to: { path: `${DB}schema/relations\\.ts$` },
    },
    {
      name: 'production-imports-no-seed',
      comment:
        'The seed writes every table. Only the server entry (first start on an empty database, decision 0042) and the scripts run it.',
      severity: 'error',
      from: { path: SERVER, pathNot: [...TEST_SUPPORT, `${SERVER}server\\.ts$`, `${SERVER}scripts/`] },
      to: { path: `${DB}seed/` },
    },
    {
      name: 'lib-config-integrations-import-no-module',
      comment: 'lib, config and integrations sit below every module: they are handed what they need.',
      severity: 'error',
      from: { path: `${SERVER}(lib|config|integrations)/`, pathNot: TEST_SUPPORT },
      to: { path: MODULES },
    },
    ...tableOwnership,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^apps/web/', '^e2e/', '^apps/client/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js'],
      conditionNames: ['import', 'default'],
      exportsFields: ['exports'],
    },
  },
};
