import { availableParallelism } from 'node:os';
import { withContractAnswers } from '@assistant-platform/test-contract-answers';
import { postgresProjects } from '@assistant-platform/test-postgres';
import { redisProjects } from '@assistant-platform/test-redis';
import { defineConfig } from 'vitest/config';

/**
 * `server` runs every suite against the sources (the CLI suites always spawn dist/cli.js, and the
 * engine pool starts its workers from dist/engine-worker.js). `server:bundle` runs the HTTP-level
 * suites again against dist/index.js, the bundle that shares its chunks with the CLI, loaded by Node
 * itself rather than Vite, as users load it. Both rebuild dist/ first when the sources are newer.
 *
 * `server:postgres` certifies the second store: the route, repository and seed suites again, on
 * PostgreSQL (TEST_STORE=postgres: a new database per server a test builds), and the suites only
 * PostgreSQL has (test/postgres/). Its server is TEST_DATABASE_URL_POSTGRES's, else a throwaway
 * cluster started for the run; on a machine with neither, the project is left out, saying why.
 *
 * `server:redis` runs the suites of instances sharing a Redis (test/redis/): several apps of one
 * deployment in the test's process, on one SQLite file and the run's Redis (TEST_REDIS_URL's, else
 * a throwaway redis-server), each test under a key prefix of its own. Without Redis it is left out,
 * saying why. (tests/integration runs instances as processes, on PostgreSQL and Redis.)
 *
 * Every project records the answers of the apps its suites build and, when the run ends, fails on
 * any the contracts do not declare (tests/contract-answers).
 */
const ON_BOTH_STORES = ['test/routes/**/*.test.ts', 'test/db/**/*.test.ts', 'test/unit/seed.test.ts'];
// Deleted or replaced database files, what only a SQLite file can suffer; SQLite's group commit.
const SQLITE_ONLY = ['test/routes/storage-faults.test.ts', 'test/db/sqlite-write-batches.test.ts'];

// Tests wait on processes, servers and worker threads: a 2-core machine under load must not time
// them out, nor an `expect.poll` (vitest's default gives up after 1 s, which a loaded machine
// missed: a model server's request that came later than that).
const patience = { testTimeout: 120_000, hookTimeout: 180_000, expect: { poll: { timeout: 30_000 } } };

export default defineConfig({
  test: {
    // Most of a file's time is spent waiting on the processes, servers and sockets it starts, so
    // two files at a time (vitest's own default on 2 cores is one) about halve the run; the
    // patience above keeps them green when they slow each other down.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        test: {
          name: 'server',
          ...patience,
          include: ['test/**/*.test.ts'],
          exclude: ['test/postgres/**', 'test/redis/**'],
          globalSetup: ['test/helpers/fresh-build.ts'],
        },
      },
      {
        test: {
          name: 'server:bundle',
          ...patience,
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
      ...redisProjects({
        test: {
          name: 'server:redis',
          ...patience,
          include: ['test/redis/**/*.test.ts'],
        },
      }),
      ...postgresProjects({
        test: {
          name: 'server:postgres',
          ...patience,
          include: [...ON_BOTH_STORES, 'test/postgres/**/*.test.ts'],
          exclude: SQLITE_ONLY,
          globalSetup: ['test/helpers/fresh-build.ts'],
        },
      }),
    ].map(withContractAnswers),
  },
});
