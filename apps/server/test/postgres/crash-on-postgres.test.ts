/**
 * Exactly-once creates across killed processes, on PostgreSQL: 100 trials (and a few more, in
 * whole batches) at each point of the write path (see test/crash/crash-trials.ts), on one database
 * the processes share in turn. PostgreSQL runs several requests' transactions at once, so each kill
 * ends eight creates at the same point, before the commit too (eight of a process's ten pooled
 * connections). The suite prints how long each point took.
 */
import { crashTrialSuite } from '../crash/crash-trials.js';
import { persistentTestDatabaseUrl } from '../helpers/test-store.js';

crashTrialSuite('PostgreSQL', persistentTestDatabaseUrl, [
  { point: 'before-commit', trials: 104, batch: 8 },
  { point: 'after-commit', trials: 104, batch: 8 },
  { point: 'mid-answer', trials: 104, batch: 8 },
]);
