/**
 * Exactly-once creates across killed processes, on SQLite: 100 trials at each point of the write
 * path (see crash-trials.ts), on one database file the processes share in turn. SQLite's one writer
 * admits one open transaction, so each kill before the commit ends one create; after the commit,
 * ten at once. The suite prints how long each point took.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashTrialSuite } from './crash-trials.js';

crashTrialSuite(
  'SQLite',
  async () => join(mkdtempSync(join(tmpdir(), 'crash-sqlite-')), 'assistant.sqlite'),
  [
    { point: 'before-commit', trials: 100, batch: 1 },
    { point: 'after-commit', trials: 100, batch: 10 },
    { point: 'mid-answer', trials: 100, batch: 10 },
  ],
);
