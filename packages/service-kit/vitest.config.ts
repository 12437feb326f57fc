import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'service-kit',
    include: ['test/**/*.test.ts'],
    // Tests wait on processes, servers and worker threads: a 2-core machine under load must not time them out.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // vitest's default gives up polling after 1 s: a worker thread starting on a loaded machine takes longer.
    expect: { poll: { timeout: 30_000 } },
  },
});
