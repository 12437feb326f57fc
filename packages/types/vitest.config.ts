import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'types',
    // Tests wait on processes, servers and worker threads: a 2-core machine under load must not time them out.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
