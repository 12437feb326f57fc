/**
 * The data of the in-process reference server the target is compared with: what the scenario
 * needs and nothing else. One account with a token of every scope, and the workspace and
 * transcription the edit names, under the same ids as on the target, so both sides get the same
 * request.
 */
import type { State } from '@assistant-platform/types/admin';
import type { TranscriptionIds } from './scenario.js';

export function localSeed(token: string, transcription: TranscriptionIds | undefined): State {
  return {
    accounts: [{ id: 1, name: 'Parity' }],
    tokens: [{ token, accountId: 1, name: 'parity', scopes: ['*'] }],
    ...(transcription && {
      workspaces: [{ id: transcription.workspaceId, accountId: 1, name: 'Parity' }],
      transcriptions: [
        {
          id: transcription.transcriptionId,
          workspaceId: transcription.workspaceId,
          fileName: 'call.mp3',
          fileUrl: 'https://files.example.org/call.mp3',
          fileType: 'audio/mpeg',
          duration: 61.5,
          status: 'COMPLETED',
          transcript: { filename: 'call.mp3', transcript: 'The transcript before the parity check.' },
        },
      ],
    }),
  };
}
