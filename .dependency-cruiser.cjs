// The server's layers, checked by `npm run lint:boundaries` (part of `npm test`); docs/architecture.md
// draws the picture. Every rule is an error: a rule that only warns is a rule nobody keeps.
const modules = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment:
        'Server modules form layers: a module that needs another is above it, never also below it. ' +
        'A cycle between two modules means a shared rule belongs in the kernel, or one module owns both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { circular: true, viaOnly: { path: '^apps/server/src/modules/[^/]+$' } },
    },
    {
      name: 'no-file-cycles',
      comment: 'No import cycle between files anywhere in the server or the packages.',
      severity: 'error',
      from: { path: '^(apps/server/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-module',
      comment: 'The kernel is what every module stands on; it knows none of them.',
      severity: 'error',
      from: { path: '^apps/server/src/kernel/' },
      to: { path: '^apps/server/src/(modules/|demo/|[^/]+[.]ts$)' },
    },
    {
      name: 'db-imports-no-module',
      comment: 'db/ holds the schema, the migrations and the connection; modules build on it.',
      severity: 'error',
      from: { path: '^apps/server/src/db/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'no-foreign-repository',
      comment:
        "A module's repository is its own SQL. Another module asks the owner's exported service.",
      severity: 'error',
      from: { path: modules },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+[.]repository[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'packages-import-no-app',
      comment:
        'packages/api and packages/domain are shared by the server and the web; they know neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'The business rules import nothing but themselves.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { pathNot: '^packages/domain/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Production code only: tests, their kits and the permission matrix's cases (test data) may
    // reach across modules to set a scene up.
    exclude: {
      path: '(^|/)(node_modules|dist|coverage|test)/|[.]test[.]tsx?$|-test-kit[.]ts$|permission-cases[.]ts$',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
