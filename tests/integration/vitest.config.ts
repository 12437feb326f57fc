import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'integration',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    // Each suite starts real servers (reference server, gateway, model-server stand-ins).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
