import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'containers',
    include: ['test/**/*.test.ts'],
    // One deployment for the whole file (src/vitest-setup.ts); its steps build on each other.
    globalSetup: ['src/vitest-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    // A cold run builds the stand-ins and the images first (globalSetup).
    hookTimeout: 2_400_000,
    teardownTimeout: 300_000,
  },
});
