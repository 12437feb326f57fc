/**
 * Crash trials of the create path (see crash-rig.ts), and what they check at the end, on the
 * database the processes shared: every create the SDK acknowledged is there once (0 lost, 0
 * duplicates), with the id its answer named; a create killed before its commit is done afresh by its
 * retry, one killed after it is answered from its stored answer (`Idempotent-Replayed: true`): the
 * crash happened where it was asked to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashableCli } from './crash-build.js';
import { CrashRig, type TrialPlan, type TrialReport } from './crash-rig.js';

/** What went wrong across all trials: lost or duplicated acknowledged creates, answers at the wrong point. */
function verdict(rig: CrashRig, agents: { id: number; name: string }[]) {
  const byName = new Map<string, { id: number }[]>();
  for (const agent of agents) byName.set(agent.name, [...(byName.get(agent.name) ?? []), agent]);
  const lost: string[] = [];
  const duplicated: string[] = [];
  const otherId: string[] = [];
  const wrongPoint: string[] = [];
  for (const [name, acked] of rig.acknowledged) {
    const stored = byName.get(name) ?? [];
    if (stored.length === 0) lost.push(name);
    if (stored.length > 1) duplicated.push(name);
    if (stored.length === 1 && stored[0]?.id !== acked.id) otherId.push(name);
    // Killed before its commit, a create is done by its retry; after it, answered from its key.
    if (name.startsWith('trial ') && acked.replayed !== (acked.point !== 'before-commit'))
      wrongPoint.push(name);
  }
  return { acknowledged: rig.acknowledged.size, lost, duplicated, otherId, wrongPoint };
}

/**
 * A store's suite: one rig on `database()` for the file, each plan a test that runs its trials and
 * checks the verdict over everything acknowledged so far; each plan's times printed at the end.
 */
export function crashTrialSuite(
  store: 'SQLite' | 'PostgreSQL',
  database: () => Promise<string>,
  plans: TrialPlan[],
): void {
  let rig: CrashRig;
  const reports: TrialReport[] = [];
  beforeAll(async () => {
    rig = new CrashRig(await crashableCli(store.toLowerCase()), await database());
    await rig.start();
  }, 300_000);
  afterAll(async () => {
    await rig?.stop();
    for (const report of reports) console.log(CrashRig.describe(store, report));
  });

  describe(`creates with an Idempotency-Key killed at each point of the write path, on ${store}`, () => {
    it.each(plans)('$point: $trials trials', { timeout: 600_000 }, async (plan) => {
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
}
