/**
 * The server tests' fixtures: the shared test seed and chat body, a large create, and an
 * Authorization header.
 */
export { TEST_AGENT_REFERENCE_ID, TEST_TOKENS, testChatBody, testSeed } from '../../src/test-fixtures.js';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A create of about 150 kB (64 tools with long descriptions, and `instruction`): over the size the
 * event loop parses itself, so it is parsed and validated on a body thread.
 */
export const largeCreate = (instruction = 'i'.repeat(32_000)) => ({
  name: 'Large',
  instruction,
  tools: Array.from({ length: 64 }, (_, i) => ({
    type: 'function',
    function: {
      name: `tool_${i}`,
      description: 'd'.repeat(1850),
      parameters: { type: 'object', properties: {} },
    },
  })),
});
