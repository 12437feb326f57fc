/**
 * Exactly-once creates across killed processes, on PostgreSQL: 100 trials (and a few more, in
 * whole batches) at each point of the write path (see test/crash/crash-trials.ts), on one database
 * the processes share in turn. PostgreSQL runs several requests' transactions at once, so each kill
 * ends eight creates at the same point, before the commit too (eight of a process's ten pooled
 * connections). The suite prints how long each point took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashableCli } from '../crash/crash-build.js';
import { CrashRig, type TrialPlan, type TrialReport, verdict } from '../crash/crash-trials.js';
import { persistentTestDatabaseUrl } from '../helpers/test-store.js';

const PLANS: TrialPlan[] = [
  { point: 'before-commit', trials: 104, batch: 8 },
  { point: 'after-commit', trials: 104, batch: 8 },
  { point: 'mid-answer', trials: 104, batch: 8 },
];

let rig: CrashRig;
const reports: TrialReport[] = [];

beforeAll(async () => {
  rig = new CrashRig(await crashableCli('postgres'), await persistentTestDatabaseUrl());
  await rig.start();
}, 300_000);
afterAll(async () => {
  await rig?.stop();
  for (const report of reports) console.log(CrashRig.describe('PostgreSQL', report));
});

describe('creates with an Idempotency-Key killed at each point of the write path, on PostgreSQL', () => {
  it.each(PLANS)('$point: $trials trials', { timeout: 600_000 }, async (plan) => {
    const report = await rig.run(plan);
    reports.push(report);
    expect(report.kills).toBe(Math.ceil(plan.trials / plan.batch));
    expect(verdict(rig, await rig.agents())).toEqual({
      acknowledged: rig.acknowledged.size,
      lost: [],
      duplicated: [],
      otherId: [],
      wrongPoint: [],
    });
  });
});
