import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'packages',
    include: ['*.test.ts'],
    // Packs the published packages and installs them with npm once, for every file (setup/).
    globalSetup: ['setup/install-packed.ts'],
    // Each test runs tsc or Node on the installed packages; on a busy 2-core machine a tsc with
    // library checks alone takes tens of seconds.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
