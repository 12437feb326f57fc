import { defineConfig, type Options } from 'tsup';

/**
 * The CLI and the package's entries (main and testing) are bundled: one file set instead of
 * hundreds of modules roughly halves the time from spawn to listening, and the published package
 * installs only what the bundle leaves out. Both entries share their chunks, so the route suites'
 * run against dist/index.js tests the code the CLI runs. The engines package is bundled too, as a
 * separate chunk loaded in the background (see src/operations/engines-loader.ts), and the engine worker,
 * the body worker and tracing's export thread are entries of their own, which are started from
 * beside their chunks.
 * better-sqlite3 is native, piscina starts its own worker file and pg loads its optional native
 * binding (pg-native) by name, so all three stay external: they are the package's only
 * dependencies. Each store's module is a chunk of its own, loaded only when DATABASE_URL chooses it.
 *
 * The write path's crash points (src/pipeline/crash-points.ts) are for the fault tests' own build
 * only: `globalThis.__ASSISTANT_CRASH_POINTS__` is defined false here, so esbuild drops every call
 * and the module itself (test/crash/crash-build.ts builds the same entries with it true). The
 * `State` schema's validator, compiled before the bundle by scripts/precompile-validators.mjs, is
 * taken in with `globalThis.__ASSISTANT_PRECOMPILED_VALIDATORS__` defined true (see
 * src/contract/admin-validator.ts).
 *
 * The declarations of the two library entries are bundled the same way (tsconfig.dts.json maps the
 * workspace packages to their sources, so their types are inlined): they import only `fastify`, for
 * the type of the app `build()` returns, an optional peer dependency.
 */
/** The bundle's options, shared with the fault tests' build (which only changes `define` and `outDir`). */
export const bundleOptions = {
  entry: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    testing: 'src/testing.ts',
    'engine-worker': 'src/engine-worker.ts',
    'body-worker': 'src/pipeline/body/body-worker.ts',
    'span-export-worker': 'src/pipeline/tracing/span-export-worker.ts',
    'wal-checkpoint-worker': 'src/db/sqlite/wal-checkpoint-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  dts: false,
  sourcemap: false,
  // Shorter text to parse on every start (about a tenth of the time to ready, bench/server-start.mjs),
  // and a smaller package; names are kept, so stack traces still name their functions.
  minifyWhitespace: true,
  minifySyntax: true,
  // Everything but the packages that must be loaded from node_modules at run time.
  noExternal: [/^(?!better-sqlite3|piscina|pg$)/],
  external: ['better-sqlite3', 'piscina', 'pg'],
  // Bundled CommonJS dependencies (Fastify, Ajv, pino) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
} satisfies Options;

export default defineConfig([
  {
    ...bundleOptions,
    outDir: 'dist',
    clean: true,
    define: {
      'globalThis.__ASSISTANT_CRASH_POINTS__': 'false',
      'globalThis.__ASSISTANT_PRECOMPILED_VALIDATORS__': 'true',
    },
  },
  {
    entry: { index: 'src/index.ts', testing: 'src/testing.ts' },
    outDir: 'dist',
    format: ['esm'],
    clean: false,
    dts: { only: true },
    tsconfig: 'tsconfig.dts.json',
  },
]);
