import { DECLARED_DEFAULTS, type EmbeddingsBody, type EmbeddingsResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tenantOf } from '../pipeline/request-tenant.js';
import { timed } from '../pipeline/server-timing.js';
import { engineTracing } from '../pipeline/tracing/stage-span.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import type { OperationDeps } from './operation-deps.js';

const DEFAULTS = DECLARED_DEFAULTS.EmbeddingsBody;
const MESSAGE = 'Embeddings created successfully';

/**
 * The answer's text around its vectors' JSON: the bytes `JSON.stringify` gives the
 * EmbeddingsResponse object, keys in its order.
 */
const ANSWER_HEAD = `{"success":true,"message":${JSON.stringify(MESSAGE)},"data":{"embeddings":`;
const ANSWER_TAIL = '}}';

/**
 * An engine that writes its vectors' JSON itself (the offline one: on an engine thread for a
 * large request) answers with that text: the event loop, which every account shares, then never
 * copies nor serializes another account's hundreds of thousands of numbers. Any other engine's
 * vectors are serialized here, as every answer is.
 */
export function createEmbeddingsHandler({ engines }: OperationDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<EmbeddingsResponse | string> => {
    const body = request.body as EmbeddingsBody;
    const { embeddings: engine } = await engines();
    const model = body.model ?? DEFAULTS.model;
    const embeddingRequest = { model, lang: body.lang ?? DEFAULTS.lang, sentences: body.sentences };
    const embedJson = engine.embedJson?.bind(engine);
    const embeddings = await timed(
      request,
      'engine',
      (span): Promise<string | number[][]> => {
        const options = {
          signal: abortOnDisconnect(reply),
          requestId: request.id,
          tenant: tenantOf(request),
          ...engineTracing(span),
        };
        return embedJson ? embedJson(embeddingRequest, options) : engine.embed(embeddingRequest, options);
      },
      // OpenTelemetry's GenAI conventions for an embeddings call.
      {
        name: `embeddings ${model}`,
        attributes: { 'gen_ai.operation.name': 'embeddings', 'gen_ai.request.model': model },
      },
    );
    if (typeof embeddings === 'string') {
      reply.type('application/json; charset=utf-8');
      return ANSWER_HEAD + embeddings + ANSWER_TAIL;
    }
    return { success: true, message: MESSAGE, data: { embeddings } };
  };
}
