import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // The packaging tests pack and inspect the built package; give them room on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
