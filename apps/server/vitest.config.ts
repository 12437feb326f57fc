import { defineConfig } from 'vitest/config';

/**
 * `server` runs every suite against the sources (the CLI suites always spawn dist/cli.js, and the
 * engine pool starts its workers from dist/engine-worker.js). `server:bundle` runs the HTTP-level
 * suites again against dist/index.js, the bundle that shares its chunks with the CLI, loaded by Node
 * itself rather than Vite, as users load it. Both rebuild dist/ first when the sources are newer.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/helpers/fresh-build.ts'],
        },
      },
      {
        test: {
          name: 'server:bundle',
          // The hostile suite already drives the built CLI in its own process: it runs once.
          include: ['test/routes/**/*.test.ts'],
          env: { SERVER_UNDER_TEST: 'bundle' },
          // One copy of the bundle per worker, as one process loads it: each file still builds its
          // own apps, and no route suite mocks modules. Isolated, the run took ten times as long.
          isolate: false,
          globalSetup: ['test/helpers/fresh-build.ts'],
          server: { deps: { external: [/\/dist\//] } },
        },
      },
    ],
  },
});
