import type { AdminOperationId } from '@assistant-platform/types/admin';
import { testSeed } from './fixtures.js';

/**
 * One valid request per admin operation, for the auth matrix, with the status it answers on an
 * app in its start-up state. Importing the test seed replaces the data with what it already was.
 * `stream` marks an answer that does not end by itself (Server-Sent Events), `text` one in plain text.
 */
export const ADMIN_OPERATIONS: Record<
  AdminOperationId,
  {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: object;
    success: number;
    stream?: true;
    text?: true;
  }
> = {
  listRequests: { method: 'GET', url: '/_admin/requests', success: 200 },
  clearRequests: { method: 'DELETE', url: '/_admin/requests', success: 200 },
  findRequests: { method: 'POST', url: '/_admin/requests/find', payload: {}, success: 200 },
  streamRequests: { method: 'GET', url: '/_admin/requests/stream', success: 200, stream: true },
  summarizeViolations: { method: 'GET', url: '/_admin/violations', success: 200 },
  clearViolations: { method: 'DELETE', url: '/_admin/violations', success: 200 },
  reset: { method: 'POST', url: '/_admin/reset', success: 200 },
  exportState: { method: 'GET', url: '/_admin/state', success: 200 },
  importState: { method: 'PUT', url: '/_admin/state', payload: testSeed, success: 200 },
  listFaults: { method: 'GET', url: '/_admin/faults', success: 200 },
  addFault: {
    method: 'POST',
    url: '/_admin/faults',
    payload: { match: { path: '/v1/nowhere' }, fault: { code: 503 } },
    success: 201,
  },
  clearFaults: { method: 'DELETE', url: '/_admin/faults', success: 200 },
  updateFault: { method: 'PATCH', url: '/_admin/faults/999', payload: { enabled: false }, success: 404 },
  removeFault: { method: 'DELETE', url: '/_admin/faults/999', success: 404 },
  listChatFixtures: { method: 'GET', url: '/_admin/chat-fixtures', success: 200 },
  addChatFixture: {
    method: 'POST',
    url: '/_admin/chat-fixtures',
    payload: { match: { messageContains: 'parcel' }, answer: { content: 'On its way.' } },
    success: 201,
  },
  clearChatFixtures: { method: 'DELETE', url: '/_admin/chat-fixtures', success: 200 },
  updateChatFixture: {
    method: 'PATCH',
    url: '/_admin/chat-fixtures/999',
    payload: { enabled: false },
    success: 404,
  },
  removeChatFixture: { method: 'DELETE', url: '/_admin/chat-fixtures/999', success: 404 },
  createToken: {
    method: 'POST',
    url: '/_admin/tokens',
    payload: { accountId: 1, name: 'matrix', scopes: ['agents:read'] },
    success: 201,
  },
  revokeToken: { method: 'DELETE', url: '/_admin/tokens/999', success: 404 },
  describeCaller: { method: 'GET', url: '/_admin/caller', success: 200 },
  scrapeMetrics: { method: 'GET', url: '/_admin/metrics', success: 200, text: true },
};

export const ADMIN_OPERATION_IDS = Object.keys(ADMIN_OPERATIONS) as AdminOperationId[];
