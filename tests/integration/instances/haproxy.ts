/**
 * The deployment's balancer for the suites: Debian's `haproxy` on the repository's own
 * configuration file (scripts/haproxy-balancer.mjs). Without haproxy the suites are skipped, saying
 * why, except in CI (`CI=true`), where skipping would let them pass without running: there they
 * fail (.ci/run installs the package).
 */
import { findHaproxy } from '../../../scripts/haproxy-balancer.mjs';

export { type RunningBalancer, SERVER_SLOTS, startHaproxy } from '../../../scripts/haproxy-balancer.mjs';

/** The haproxy to run for `suite`; undefined (with the reason printed) to skip it; throws in CI. */
export function haproxyForSuite(suite: string): string | undefined {
  const found = findHaproxy();
  if (found.path !== undefined) return found.path;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs haproxy for the balancer tests, but ${found.missing}`);
  console.warn(`${suite} skipped: ${found.missing}`);
  return undefined;
}
