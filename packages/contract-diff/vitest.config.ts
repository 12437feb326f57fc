import { defineProject } from 'vitest/config';

export default defineProject({
  // The gate's tests run git and the changesets reader on temporary copies of a repository.
  test: { name: 'contract-diff', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
