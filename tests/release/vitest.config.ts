import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'release',
    include: ['*.test.ts'],
    // One rehearsal: a release of a copy of the tree (a build and a publish), the previous release
    // built and published, npm installs and tsc runs, on a 2-core machine that may be loaded.
    testTimeout: 120_000,
    hookTimeout: 900_000,
  },
});
