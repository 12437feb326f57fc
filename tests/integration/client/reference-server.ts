/** The real reference server these tests run against, with the shared test seed (two accounts, scoped tokens). */
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { testSeed } from '@assistant-platform/server/testing';
import { storeEnv } from '../reference-store.js';

/** Agent 1 belongs to the account of `TEST_TOKENS.all`, agent 3 to that of `TEST_TOKENS.other`. */
export const agents = { own: 1, otherAccount: 3 } as const;

export async function startSeededServer(): Promise<ReferenceServer> {
  // A high limit: these tests must never meet the rate limiter by accident.
  return startReferenceServer({ seed: testSeed, env: { ...(await storeEnv()), RATE_LIMIT_MAX: '100000' } });
}
