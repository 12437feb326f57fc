import { DECLARED_DEFAULTS, type EmbeddingsBody, type EmbeddingsResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tenantOf } from '../pipeline/request-tenant.js';
import { timed } from '../pipeline/server-timing.js';
import { engineTracing } from '../pipeline/tracing/stage-span.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import type { OperationDeps } from './operation-deps.js';

const DEFAULTS = DECLARED_DEFAULTS.EmbeddingsBody;

export function createEmbeddingsHandler({ engines }: OperationDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<EmbeddingsResponse> => {
    const body = request.body as EmbeddingsBody;
    const { embeddings: engine } = await engines();
    const model = body.model ?? DEFAULTS.model;
    const embeddings = await timed(
      request,
      'engine',
      (span) =>
        engine.embed(
          { model, lang: body.lang ?? DEFAULTS.lang, sentences: body.sentences },
          {
            signal: abortOnDisconnect(reply),
            requestId: request.id,
            tenant: tenantOf(request),
            ...engineTracing(span),
          },
        ),
      // OpenTelemetry's GenAI conventions for an embeddings call.
      {
        name: `embeddings ${model}`,
        attributes: { 'gen_ai.operation.name': 'embeddings', 'gen_ai.request.model': model },
      },
    );
    return { success: true, message: 'Embeddings created successfully', data: { embeddings } };
  };
}
