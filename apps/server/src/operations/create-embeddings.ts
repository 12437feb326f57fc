import { DECLARED_DEFAULTS, type EmbeddingsBody, type EmbeddingsResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tenantOf } from '../pipeline/request-tenant.js';
import { timed } from '../pipeline/server-timing.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import type { OperationDeps } from './operation-deps.js';

const DEFAULTS = DECLARED_DEFAULTS.EmbeddingsBody;

export function createEmbeddingsHandler({ engines }: OperationDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<EmbeddingsResponse> => {
    const body = request.body as EmbeddingsBody;
    const { embeddings: engine } = await engines();
    const embeddings = await timed(request, 'engine', () =>
      engine.embed(
        { model: body.model ?? DEFAULTS.model, lang: body.lang ?? DEFAULTS.lang, sentences: body.sentences },
        { signal: abortOnDisconnect(reply), requestId: request.id, tenant: tenantOf(request) },
      ),
    );
    return { success: true, message: 'Embeddings created successfully', data: { embeddings } };
  };
}
