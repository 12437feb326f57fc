/** `client.embeddings`: one vector per sentence. */
import type { EmbeddingsBody, EmbeddingsResult } from '@assistant-platform/types';
import { type ApiMethod, apiMethod, type CallContext, type RequestOptions, send } from '../internal/call.js';

/** The optional fields of an embeddings request. */
export type EmbeddingsOptions = Omit<EmbeddingsBody, 'sentences'>;

export interface EmbeddingsResource {
  /** Embeds 1–256 sentences (scope `embeddings:create`); vectors come back in input order. */
  create: ApiMethod<
    [sentences: string[], embeddingsOptions?: EmbeddingsOptions, options?: RequestOptions],
    EmbeddingsResult
  >;
}

export function embeddingsResource(context: CallContext): EmbeddingsResource {
  return {
    create: apiMethod((sentences, embeddingsOptions, options) =>
      send(context, options, {
        method: 'POST',
        path: '/vectors/embedding',
        body: { ...embeddingsOptions, sentences },
      }),
    ),
  };
}
