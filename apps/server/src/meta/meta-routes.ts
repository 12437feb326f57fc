import { adminDocument } from '@assistant-platform/types/admin';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { FastifyInstance } from 'fastify';

/** A text rendered on first use: YAML loading and serialisation would otherwise slow every start-up. */
function lazy(render: () => Promise<string>): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () => {
    value ??= render();
    return value;
  };
}

/**
 * Both contracts in both notations (the docs page reads the YAML; the admin API's is bundled, the
 * platform components it refers to copied in), and a liveness probe: the database (a failing one
 * named in `database`, see db/health-check.ts), in proxy mode whether the target answers at all
 * (any HTTP status), and with REDIS_URL whether Redis answers (`redis`), the last two asked at most
 * once a second. Redis unreachable fails the probe only where the instance then refuses platform
 * requests (REDIS_FAILURE=closed). While the instance drains before it stops (SIGTERM, see
 * pipeline/drain-on-close.ts) it answers 503 `{ status: "draining" }` whatever the probes say, so
 * a balancer stops sending here. None of these need a token.
 */
export function registerMetaRoutes(
  app: FastifyInstance,
  databaseProblem: () => Promise<string | undefined>,
  target?: { target: string; answers(): Promise<boolean> },
  sharedHealth?: () => Promise<{ redis: 'ok' | 'unavailable'; serving: boolean }>,
): void {
  const targetAnswers = target === undefined ? undefined : cachedProbe(() => target.answers());
  const shared = sharedHealth === undefined ? undefined : cachedProbe(sharedHealth);
  const json = lazy(async () => JSON.stringify(openapiDocument));
  const adminJson = lazy(async () => JSON.stringify(adminDocument));
  // yaml is CommonJS: Node and the bundle both expose its exports as the namespace's `default`
  // (the bundle has no named exports at all, so `.stringify` on the namespace is undefined there).
  const yamlOf = (document: object) =>
    lazy(async () => (await import('yaml')).default.stringify(document, { lineWidth: 0 }));
  const yaml = yamlOf(openapiDocument);
  const adminYaml = yamlOf(adminDocument);
  const noLimit = { rateLimit: false } as const;
  app.get('/openapi.json', { config: noLimit }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await json()),
  );
  app.get('/_admin/openapi.json', { config: noLimit }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await adminJson()),
  );
  app.get('/openapi.yaml', { config: noLimit }, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(await yaml()),
  );
  app.get('/_admin/openapi.yaml', { config: noLimit }, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(await adminYaml()),
  );
  app.get('/healthz', { config: noLimit }, async (_request, reply) => {
    if (app.drain.draining) return reply.code(503).send({ status: 'draining' });
    const [database, answers, redis] = await Promise.all([databaseProblem(), targetAnswers?.(), shared?.()]);
    const ok = database === undefined && answers !== false && redis?.serving !== false;
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'unavailable',
      ...(database === undefined ? {} : { database }),
      ...(target === undefined ? {} : { target: { url: target.target, answers } }),
      ...(redis === undefined ? {} : { redis: redis.redis }),
    });
  });
}

const PROBE_INTERVAL_MS = 1000;

/** `probe`, asked again only when its last answer is older than a second; callers share one in flight. */
function cachedProbe<T>(probe: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (last === undefined || now - last.at >= PROBE_INTERVAL_MS) last = { at: now, answer: probe() };
    return last.answer;
  };
}
