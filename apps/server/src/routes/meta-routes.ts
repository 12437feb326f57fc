import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';

/** The canonical contract in both notations, and a liveness probe. None of these need a token. */
export function registerMetaRoutes(app: FastifyInstance, isReady: () => boolean): void {
  // Rendered on first request: YAML serialisation would otherwise add to every start-up.
  let json: string | undefined;
  let yaml: string | undefined;
  const noLimit = { rateLimit: false } as const;
  app.get('/openapi.json', { config: noLimit }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((json ??= JSON.stringify(openapiDocument))),
  );
  app.get('/openapi.yaml', { config: noLimit }, (_request, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .send((yaml ??= stringify(openapiDocument, { lineWidth: 0 }))),
  );
  app.get('/healthz', { config: noLimit }, async (_request, reply) => {
    const ok = isReady();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
