import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'service-kit',
    include: ['test/**/*.test.ts'],
    // Tests wait on processes, servers and worker threads: a 2-core machine under load must not time them out.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
