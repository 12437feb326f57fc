/** The real reference server these tests run against, with the shared test seed (two accounts, scoped tokens). */
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';

export const tokens = {
  all: TEST_TOKENS.all,
  readOnly: TEST_TOKENS.read,
  otherAccount: TEST_TOKENS.other,
} as const;

/** Agent 1 belongs to the `all` token's account, agent 3 to the other account. */
export const agents = { own: 1, otherAccount: 3 } as const;

export function startSeededServer(): Promise<ReferenceServer> {
  // A high limit: these tests must never meet the rate limiter by accident.
  return startReferenceServer({ seed: testSeed, env: { RATE_LIMIT_MAX: '100000' } });
}
