/**
 * `GET /healthz`: 200 when the gateway runs and the platform answers its own health check, 503 when it
 * does not. Only the platform's answer counts (200 with `{"status":"ok"}`): a 404 or any other page
 * means UPSTREAM_BASE_URL names some other server, every call through which would fail; a 5xx (a
 * proxy's 502 in front of a dead platform, or the platform's own 503 when its storage fails) or a
 * refused, broken or slow connection means the platform cannot serve.
 *
 * The probe goes where the API calls go: the platform serves `/healthz` beside its `/v1`, so the
 * health check of `https://host/prefix/v1` is `https://host/prefix/healthz`. Probing the origin's
 * root instead would call a base with a wrong path (a proxy's prefix missing or extra) healthy while
 * every call through it answers 404. The probe stays outside `/v1`: a call there without a token
 * would count as a failed authentication against the gateway's address (and the reference server
 * would journal it among the app's requests).
 */
import type { FastifyInstance } from 'fastify';

const PROBE_TIMEOUT_MS = 2_000;

export interface HealthReport {
  status: 'ok' | 'degraded';
  upstream: {
    url: string;
    reachable: boolean;
    status?: number;
    latencyMs?: number;
    /** Why a reachable upstream does not count as healthy. */
    detail?: string;
  };
}

async function isPlatformHealthy(response: Response): Promise<boolean> {
  if (response.status !== 200) {
    await response.body?.cancel();
    return false;
  }
  const body: unknown = await response.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

/** `http://host/prefix/v1` → `http://host/prefix/healthz`. */
function healthUrlOf(upstreamBaseUrl: string): string {
  return new URL('../healthz', `${upstreamBaseUrl.replace(/\/+$/, '')}/`).href;
}

export function registerHealthz(
  app: FastifyInstance,
  upstreamBaseUrl: string,
  fetchImpl: typeof fetch,
): void {
  const probeUrl = healthUrlOf(upstreamBaseUrl);

  app.get('/healthz', async (request, reply): Promise<HealthReport> => {
    const started = performance.now();
    try {
      const response = await fetchImpl(probeUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      const healthy = await isPlatformHealthy(response);
      const latencyMs = Math.round(performance.now() - started);
      const upstream = { url: probeUrl, reachable: true, status: response.status, latencyMs };
      if (healthy) return { status: 'ok', upstream };
      reply.code(503);
      const detail =
        response.status >= 500
          ? 'the platform cannot serve right now'
          : `not the platform's health answer (200 {"status":"ok"}) at ${probeUrl}, beside the API: does UPSTREAM_BASE_URL name the platform's API root?`;
      return { status: 'degraded', upstream: { ...upstream, detail } };
    } catch (error) {
      request.log.warn({ err: error, probeUrl }, 'upstream health probe failed');
      reply.code(503);
      return { status: 'degraded', upstream: { url: probeUrl, reachable: false } };
    }
  });
}
