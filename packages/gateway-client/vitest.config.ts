import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'gateway-client',
    include: ['test/**/*.test.ts'],
    // Type tests: what a product team's client accepts and returns, checked by tsc.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
