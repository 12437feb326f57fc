import type { EmbeddingsBody, EmbeddingsResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { declaredDefaults } from '../validation/contract-schemas.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import { stringifyEmbeddingsResponse } from './embeddings-json.js';
import type { RouteDeps } from './route-deps.js';

const DEFAULTS = declaredDefaults('EmbeddingsBody') as { model: string; lang: string };

export function createEmbeddingsHandler({ engines }: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Buffer> => {
    const body = request.body as EmbeddingsBody;
    const embeddings = await (await engines()).embeddings.embed(
      { model: body.model ?? DEFAULTS.model, lang: body.lang ?? DEFAULTS.lang, sentences: body.sentences },
      { signal: abortOnDisconnect(reply), requestId: request.id },
    );
    const response: EmbeddingsResponse = {
      success: true,
      message: 'Embeddings created successfully',
      data: { embeddings },
    };
    reply.type('application/json; charset=utf-8');
    return stringifyEmbeddingsResponse(response);
  };
}
