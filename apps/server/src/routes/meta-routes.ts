import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';

/** A text rendered on first use: YAML serialisation would otherwise add to every start-up. */
function lazy(render: () => string): () => string {
  let value: string | undefined;
  return () => {
    value ??= render();
    return value;
  };
}

/** The canonical contract in both notations, and a liveness probe. None of these need a token. */
export function registerMetaRoutes(app: FastifyInstance, isReady: () => boolean): void {
  const json = lazy(() => JSON.stringify(openapiDocument));
  const yaml = lazy(() => stringify(openapiDocument, { lineWidth: 0 }));
  const noLimit = { rateLimit: false } as const;
  app.get('/openapi.json', { config: noLimit }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(json()),
  );
  app.get('/openapi.yaml', { config: noLimit }, (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(yaml()),
  );
  app.get('/healthz', { config: noLimit }, async (_request, reply) => {
    const ok = isReady();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
