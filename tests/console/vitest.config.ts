import { withContractAnswers } from '@assistant-platform/test-contract-answers';
import { defineProject } from 'vitest/config';

// The answers the pages get from their reference servers are checked against the contracts when
// the run ends (tests/contract-answers): Try-it on /docs included.
export default defineProject(
  withContractAnswers({
    test: {
      name: 'console-browser',
      include: ['browser/**/*.test.ts'],
      // One browser and one server for the whole file; its steps build on each other.
      fileParallelism: false,
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  }),
);
