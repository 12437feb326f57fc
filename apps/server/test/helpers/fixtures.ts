/** The server tests' fixtures: the shared test seed under the names these tests use, and helpers. */
export {
  TEST_AGENT_REFERENCE_ID as OWN_AGENT_REF,
  TEST_TOKENS as TOKENS,
  testSeed as fixtureSeed,
} from '../../src/testing.js';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A minimal valid chat body. */
export function chatBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Support triage',
    description: 'Answers support questions.',
    instruction: 'Answer politely.',
    intents: ['refund'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
    ...extra,
  };
}
