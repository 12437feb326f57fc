/**
 * `@assistant-platform/server/testing`: a reference server for a test suite (in-process, in
 * memory, on a free port, with a typed client of its admin API) and the fixtures it starts with.
 */
export {
  AdminApiError,
  createAdminClient,
  type ReferenceServerAdmin,
  type RequestFilter,
} from './reference-server-admin.js';
export {
  type ReferenceServer,
  type StartReferenceServerOptions,
  startReferenceServer,
} from './start-reference-server.js';
export { TEST_AGENT_REFERENCE_ID, TEST_TOKENS, testChatBody, testSeed } from './test-fixtures.js';
