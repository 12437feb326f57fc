import type { OperationId } from '@assistant-platform/types';
import { testChatBody } from './fixtures.js';

/** One valid request per operation, for the auth, scope and fault matrices. */
export const OPERATIONS: Record<
  OperationId,
  { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object; scope: string; success: number }
> = {
  createAgent: {
    method: 'POST',
    url: '/v1/agents/create',
    payload: { name: 'Matrix', instruction: 'x' },
    scope: 'agents:write',
    success: 201,
  },
  getAgent: { method: 'GET', url: '/v1/agents/view/1', scope: 'agents:read', success: 200 },
  chatRequest: {
    method: 'POST',
    url: '/v1/agents/chat/request',
    payload: testChatBody(),
    scope: 'agents:chat',
    success: 200,
  },
  updateTranscription: {
    method: 'PATCH',
    url: '/v1/transcribe/workspace/7/transcriptions/42',
    payload: { transcript: { filename: 'a.mp3', transcript: 'b' } },
    scope: 'transcriptions:write',
    success: 200,
  },
  createEmbeddings: {
    method: 'POST',
    url: '/v1/vectors/embedding',
    payload: { sentences: ['hello'] },
    scope: 'embeddings:create',
    success: 200,
  },
};

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];
