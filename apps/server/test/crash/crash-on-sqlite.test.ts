/**
 * Exactly-once creates across killed processes, on SQLite: 100 trials at each point of the write
 * path (see crash-trials.ts), on one database file the processes share in turn. SQLite's one writer
 * admits one open transaction, so each kill before the commit ends one create; after the commit,
 * ten at once. The suite prints how long each point took.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashableCli } from './crash-build.js';
import { CrashRig, type TrialPlan, type TrialReport, verdict } from './crash-trials.js';

const PLANS: TrialPlan[] = [
  { point: 'before-commit', trials: 100, batch: 1 },
  { point: 'after-commit', trials: 100, batch: 10 },
  { point: 'mid-answer', trials: 100, batch: 10 },
];

let rig: CrashRig;
const reports: TrialReport[] = [];

beforeAll(async () => {
  const cli = await crashableCli('sqlite');
  rig = new CrashRig(cli, join(mkdtempSync(join(tmpdir(), 'crash-sqlite-')), 'assistant.sqlite'));
  await rig.start();
}, 300_000);
afterAll(async () => {
  await rig?.stop();
  for (const report of reports) console.log(CrashRig.describe('SQLite', report));
});

describe('creates with an Idempotency-Key killed at each point of the write path, on SQLite', () => {
  it.each(PLANS)('$point: $trials trials', { timeout: 600_000 }, async (plan) => {
    const report = await rig.run(plan);
    reports.push(report);
    expect(report.kills).toBe(Math.ceil(plan.trials / plan.batch));
    const found = verdict(rig, await rig.agents());
    expect(found).toEqual({
      acknowledged: rig.acknowledged.size,
      lost: [],
      duplicated: [],
      otherId: [],
      wrongPoint: [],
    });
  });
});
