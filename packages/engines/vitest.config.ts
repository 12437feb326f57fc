import { defineProject } from 'vitest/config';

/**
 * The suites run against the sources, except that the pool starts its workers from
 * dist/pool/engine-worker.js (a worker cannot load TypeScript): the global setup rebuilds dist/ first
 * when a source is newer. Test files run in worker threads, as the offline engines run in the server
 * (structured output's patterns then run as on an engine worker; see schema-validators.ts).
 */
export default defineProject({
  test: {
    name: 'engines',
    // Tests wait on processes, servers and worker threads: a 2-core machine under load must not time them out.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    include: ['test/**/*.test.ts'],
    pool: 'threads',
    globalSetup: ['test/helpers/fresh-build.ts'],
  },
});
