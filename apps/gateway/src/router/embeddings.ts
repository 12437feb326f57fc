/** `embeddings.create`: one vector per sentence, in input order. */
import type { EmbeddingsResult } from '@assistant-platform/types';
import { inputs } from '../contract/input-parsers.js';
import { platformProcedure, router } from '../trpc/init.js';
import { callPlatform } from '../upstream/call-platform.js';
import { writeOptions } from '../upstream/write-options.js';

export const embeddingsRouter = router({
  create: platformProcedure
    .input(inputs.createEmbeddings)
    .mutation(({ ctx, input }): Promise<EmbeddingsResult> => {
      const { sentences, ...options } = input;
      return callPlatform(() => ctx.platform.embeddings.create(sentences, options, writeOptions(ctx)));
    }),
});
