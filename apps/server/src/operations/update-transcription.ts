import type { UpdateTranscriptionBody, UpdateTranscriptionResponse } from '@assistant-platform/types';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import { accountOf } from '../pipeline/auth.js';
import { writeReposOf } from '../pipeline/idempotency.js';
import { timed } from '../pipeline/server-timing.js';
import type { OperationDeps } from './operation-deps.js';

export function updateTranscriptionHandler(deps: OperationDeps) {
  return async (request: FastifyRequest): Promise<UpdateTranscriptionResponse> => {
    const repos = writeReposOf(request, deps.repos);
    const { id, transcriptionId } = request.params as { id: number; transcriptionId: number };
    const workspace = await timed(request, 'db', () => repos.workspaces.find(id));
    if (!workspace) throw new ApiError(404);
    if (workspace.accountId !== accountOf(request)) throw new ApiError(403);
    // A transcription of another workspace is reported as absent: its id says nothing to this caller.
    const owner = await timed(request, 'db', () => repos.transcriptions.workspaceOf(transcriptionId));
    if (owner !== workspace.id) throw new ApiError(404);
    const { transcript } = request.body as UpdateTranscriptionBody;
    const data = await timed(request, 'db', () =>
      repos.transcriptions.replaceTranscript(transcriptionId, transcript),
    );
    return { success: true, message: 'Transcription updated successfully', data };
  };
}
