import { defineProject } from 'vitest/config';

/**
 * The suites run against the sources, except that the pool starts its workers from
 * dist/pool/engine-worker.js (a worker cannot load TypeScript): the global setup rebuilds dist/ first
 * when a source is newer.
 */
export default defineProject({
  test: {
    name: 'engines',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/fresh-build.ts'],
  },
});
