/**
 * `GET /healthz`: 200 when the gateway runs and the platform answers, 503 when it does not. Any
 * answer below 500 counts (the hosted service may have no /healthz, and a 404 still proves it is up);
 * a 5xx (e.g. a proxy's 502 in front of a dead platform) or a refused, broken or slow connection
 * does not.
 */
import type { FastifyInstance } from 'fastify';

const PROBE_TIMEOUT_MS = 2_000;

export interface HealthReport {
  status: 'ok' | 'degraded';
  upstream: { url: string; reachable: boolean; status?: number; latencyMs?: number };
}

export function registerHealthz(
  app: FastifyInstance,
  upstreamBaseUrl: string,
  fetchImpl: typeof fetch,
): void {
  // The reference server serves /healthz at its origin, beside /v1.
  const probeUrl = new URL('/healthz', upstreamBaseUrl).href;

  app.get('/healthz', async (request, reply): Promise<HealthReport> => {
    const started = performance.now();
    try {
      const response = await fetchImpl(probeUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.body?.cancel();
      const latencyMs = Math.round(performance.now() - started);
      const healthy = response.status < 500;
      if (!healthy) reply.code(503);
      return {
        status: healthy ? 'ok' : 'degraded',
        upstream: { url: probeUrl, reachable: true, status: response.status, latencyMs },
      };
    } catch (error) {
      request.log.warn({ err: error, probeUrl }, 'upstream health probe failed');
      reply.code(503);
      return { status: 'degraded', upstream: { url: probeUrl, reachable: false } };
    }
  });
}
