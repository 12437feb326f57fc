/**
 * `GET /metrics` for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`. The gateway has no
 * tokens of its own (it forwards its callers'), so the figures get a credential of their own;
 * without METRICS_TOKEN the route does not exist (404), so nothing is exposed by default. The token
 * is compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken, errorEnvelope } from '@assistant-platform/types';
import type { FastifyInstance } from 'fastify';
import type { GatewayMetrics } from './gateway-metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: GatewayMetrics,
  metricsToken: string | undefined,
): void {
  if (metricsToken === undefined) return;
  const expected = digest(metricsToken);
  app.get('/metrics', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !timingSafeEqual(digest(token), expected))
      return reply.code(401).header('www-authenticate', 'Bearer').send(errorEnvelope(401));
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
