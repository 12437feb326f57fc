import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'gateway',
    // Tests wait on processes, servers and worker threads: a 2-core machine under load must not time them out.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    include: ['test/**/*.test.ts'],
    // Type tests: what a product team's client accepts and returns, checked by tsc.
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
