/** `client.embeddings`: one vector per sentence. */
import type { EmbeddingsBody, EmbeddingsResult } from '@assistant-platform/types';
import { type ApiMethod, apiMethod } from '../internal/api-method.js';
import type { RawClient, RequestOptions } from '../internal/request-pipeline.js';

/** The optional fields of an embeddings request. */
export type EmbeddingsOptions = Omit<EmbeddingsBody, 'sentences'>;

export interface EmbeddingsResource {
  /** Embeds 1–256 sentences (scope `embeddings:create`); vectors come back in input order. */
  create: ApiMethod<
    [sentences: string[], embeddingsOptions?: EmbeddingsOptions, options?: RequestOptions],
    EmbeddingsResult
  >;
}

export function embeddingsResource(client: RawClient): EmbeddingsResource {
  return {
    // Embeddings change nothing: sent twice, they answer the same; retried with or without a key.
    create: apiMethod((extra, sentences, embeddingsOptions, options) =>
      client.POST('/vectors/embedding', {
        ...options,
        ...extra,
        repeatable: true,
        body: { ...embeddingsOptions, sentences },
      }),
    ),
  };
}
