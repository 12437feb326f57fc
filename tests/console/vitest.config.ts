import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'console-browser',
    include: ['browser/**/*.test.ts'],
    // One browser and one server for the whole file; its steps build on each other.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
