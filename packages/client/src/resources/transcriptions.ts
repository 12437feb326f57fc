/** `client.transcriptions`: replace the transcript of a stored transcription. */
import type { TranscriptContent, Transcription } from '@assistant-platform/types';
import { type ApiMethod, apiMethod, type CallContext, type RequestOptions, send } from '../internal/call.js';

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

export function transcriptionsResource(context: CallContext): TranscriptionsResource {
  return {
    update: apiMethod((workspaceId, transcriptionId, transcript, options) =>
      send(context, options, {
        method: 'PATCH',
        path: '/transcribe/workspace/{id}/transcriptions/{transcriptionId}',
        params: { id: workspaceId, transcriptionId },
        body: { transcript },
      }),
    ),
  };
}
