/** `embeddings.create`: one vector per sentence, in input order. */
import type { EmbeddingsResult } from '@assistant-platform/types';
import { platformProcedure, router } from '../trpc/init.js';
import { callPlatform } from '../upstream/call-platform.js';
import { inputs } from './inputs.js';

export const embeddingsRouter = router({
  create: platformProcedure
    .input(inputs.createEmbeddings)
    .mutation(({ ctx, input }): Promise<EmbeddingsResult> => {
      const { sentences, ...options } = input;
      return callPlatform(() => ctx.platform.embeddings.create(sentences, options));
    }),
});
