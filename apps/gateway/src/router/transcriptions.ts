/** `transcriptions.update`: replace the transcript of a stored transcription. */
import type { Transcription } from '@assistant-platform/types';
import { inputs } from '../contract/input-parsers.js';
import { platformProcedure, router } from '../trpc/init.js';
import { callPlatform } from '../upstream/call-platform.js';

export const transcriptionsRouter = router({
  update: platformProcedure
    .input(inputs.updateTranscription)
    .mutation(
      ({ ctx, input }): Promise<Transcription> =>
        callPlatform(() =>
          ctx.platform.transcriptions.update(input.workspaceId, input.transcriptionId, input.transcript),
        ),
    ),
});
