/** `client.transcriptions`: replace the transcript of a stored transcription. */
import type { TranscriptContent, Transcription } from '@assistant-platform/types';
import { type ApiMethod, apiMethod } from '../internal/api-method.js';
import type { RawClient, RequestOptions } from '../internal/request-pipeline.js';

export interface TranscriptionsResource {
  /**
   * Replaces the transcript of transcription `transcriptionId` in workspace `workspaceId`
   * (scope `transcriptions:write`); returns the updated record.
   */
  update: ApiMethod<
    [workspaceId: number, transcriptionId: number, transcript: TranscriptContent, options?: RequestOptions],
    Transcription
  >;
}

export function transcriptionsResource(client: RawClient): TranscriptionsResource {
  return {
    update: apiMethod((extra, workspaceId, transcriptionId, transcript, options) =>
      client.PATCH('/transcribe/workspace/{id}/transcriptions/{transcriptionId}', {
        ...options,
        ...extra,
        params: { path: { id: workspaceId, transcriptionId } },
        body: { transcript },
      }),
    ),
  };
}
