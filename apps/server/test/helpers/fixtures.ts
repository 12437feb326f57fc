/** The server tests' fixtures: the shared test seed and chat body, and an Authorization header. */
export { TEST_AGENT_REFERENCE_ID, TEST_TOKENS, testChatBody, testSeed } from '../../src/test-fixtures.js';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
