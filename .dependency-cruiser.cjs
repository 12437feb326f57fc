/**
 * The import rules `pnpm test` checks (dependency-cruiser): no module cycle anywhere, packages reach
 * each other only by package name, and the reference server's folders import downward only, in the
 * order of LAYERS (a folder may import those after it, never those before it).
 */
const SERVER = '^apps/server/src/';
// Top to bottom: the CLI, the parity check (a client of two servers over HTTP: it reaches the
// server's own modules only through the CLI, which starts its local reference server), the routes outside the contract, the admin API (its routes, the journal,
// the fault and fixture stores, which the layers below reach only through the app's decorations
// typed in contract/), the proxy mode's forwarding and checks, the cassettes (recording and replay),
// the operations, the request pipeline, what instances share through Redis (the stores the admin
// API and the pipeline use with REDIS_URL, and the caches' change bus), the seed, the contract's
// Fastify side, the database, the configuration.
const LAYERS = [
  'cli',
  'parity',
  'meta',
  'admin',
  'proxy',
  'cassettes',
  'operations',
  'pipeline',
  'shared',
  'seed',
  'contract',
  'db',
  'config',
];

// The files at src/ itself (app.ts, server.ts, ...) and the plugins app.ts registers (plugins/: the
// request pipeline, the platform's two modes) compose the folders: only cli/ uses them.
const ROOT_FILES = '(?:plugins/)?[^/]+\\.ts$';

const layerRules = LAYERS.slice(1).map((layer, index) => {
  const above = [...LAYERS.slice(0, index + 1), ROOT_FILES];
  return {
    name: `server-${layer}-imports-downward`,
    comment: `apps/server/src/${layer}/ imports only the folders below it: ${LAYERS.slice(index + 2).join(', ')}`,
    severity: 'error',
    from: { path: `${SERVER}${layer}/` },
    to: { path: `${SERVER}(?:${above.join('|')})` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two modules cannot be understood apart; split or invert one of them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-by-name',
      comment: 'Packages import each other through their name and exports map, never a relative path.',
      severity: 'error',
      from: { path: '^(apps|packages)/([^/]+)/' },
      to: { path: '^(apps|packages)/', pathNot: '^$1/$2/' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|src/generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
