// Zones of the web app (decision 0047), after bulletproof-react's: imports run one way,
// app -> features -> components -> hooks -> lib -> config, and no feature imports another.
// `npm run lint` runs these; a violation fails it. Tests and the test harness (src/test/) are exempt.
const SRC = '^apps/web/src/';
const TEST_SUPPORT = ['\\.test\\.tsx?$', `${SRC}test/`, `${SRC}features/[^/]+/test/`];
// Folders of features/ that hold features rather than being one: features/developer/plans is a feature.
const FEATURE_GROUPS = ['developer'];
const FEATURE = `${SRC}features/((?:(?:${FEATURE_GROUPS.join('|')})/)?[^/]+)/`;

/** No file of `zone` (tests aside) imports a file of the folders `above` it. */
const oneWay = (name, zone, above, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${SRC}${zone}`, pathNot: TEST_SUPPORT },
  to: { path: above.map((folder) => `${SRC}${folder}`) },
});

module.exports = {
  forbidden: [
    {
      name: 'feature-imports-no-other-feature',
      comment:
        "A feature's files are its own: what two features share moves down to components, hooks or lib.",
      severity: 'error',
      from: { path: FEATURE, pathNot: TEST_SUPPORT },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$1/` },
    },
    oneWay(
      'features-import-no-app',
      'features/',
      ['app/', 'server/', 'main\\.tsx$', 'entry-server\\.tsx$'],
      'The app composes the features (routes, layout); a feature never reaches back into it.',
    ),
    oneWay(
      'components-import-no-feature',
      'components/',
      ['app/', 'server/', 'features/'],
      'Shared components serve every feature and know none of them.',
    ),
    oneWay(
      'hooks-import-no-component',
      'hooks/',
      ['app/', 'server/', 'features/', 'components/'],
      'Shared hooks sit below the components that use them.',
    ),
    oneWay(
      'lib-imports-no-component-or-hook',
      'lib/',
      ['app/', 'server/', 'features/', 'components/', 'hooks/'],
      'lib is plain code (fetchers, formatters, helpers): it renders nothing and calls no hook of hooks/.',
    ),
    oneWay(
      'config-imports-only-config',
      'config/',
      ['app/', 'server/', 'features/', 'components/', 'hooks/', 'lib/'],
      'Configuration is the ground floor: routes and public settings, read by everything above.',
    ),
    {
      name: 'no-circular',
      comment: 'Files that import each other in a loop cannot be read or moved one at a time.',
      severity: 'error',
      from: { path: SRC, pathNot: TEST_SUPPORT },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^packages/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      conditionNames: ['import', 'default'],
      exportsFields: ['exports'],
    },
  },
};
