import { withContractAnswers } from '@assistant-platform/test-contract-answers';
import { postgresProjects } from '@assistant-platform/test-postgres';
import { redisProjects } from '@assistant-platform/test-redis';
import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['node_modules/**'],
  // Each suite starts real servers (reference server, gateway, model-server stand-ins).
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // vitest's default gives up polling after 1 s, too soon for a loaded 2-core machine.
  expect: { poll: { timeout: 30_000 } },
};

/**
 * `integration` runs every suite with the reference server in memory (SQLite); `integration:postgres`
 * runs them again with it on PostgreSQL (reference-store.ts), except those about running it as a
 * user does: `pnpm start` on its SQLite file, and the README's example of an app's suite.
 * `integration:instances` runs the deployment of compose.yaml as processes (instances/): server
 * instances on PostgreSQL and Redis behind the deployment's own haproxy; without PostgreSQL or
 * Redis it is left out, saying why, and without haproxy its suites skip, saying why (fail in CI).
 * The first two check every answer their in-process reference servers give against the contracts
 * when the run ends (tests/contract-answers).
 */
export default defineConfig({
  test: {
    projects: [
      withContractAnswers({
        test: {
          name: 'integration',
          include: ['**/*.test.ts'],
          ...shared,
          exclude: [...shared.exclude, 'instances/**'],
        },
      }),
      ...postgresProjects({
        test: {
          name: 'integration:postgres',
          include: ['client/**/*.test.ts', 'contract/**/*.test.ts', 'gateway/**/*.test.ts'],
          ...shared,
          exclude: [...shared.exclude, 'client/app-tests-example.test.ts'],
        },
      }).map(withContractAnswers),
      ...redisProjects({
        test: {
          name: 'integration:instances',
          include: ['instances/**/*.test.ts'],
          ...shared,
          // Each file runs a deployment (haproxy, instances, load) whose timing its scenarios
          // break on purpose: one at a time, so two deployments do not starve each other.
          fileParallelism: false,
          testTimeout: 120_000,
        },
      }).flatMap(postgresProjects),
    ],
  },
});
