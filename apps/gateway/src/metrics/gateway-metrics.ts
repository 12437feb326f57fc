/**
 * The gateway's Prometheus metrics (prom-client), in a registry of this app's own rather than the
 * global one, so several gateways in one process each count their own: tRPC calls by procedure and
 * outcome (`ok`, or the tRPC error code the caller got), every platform call's latency by the
 * status it answered (`error` when none came), and agent-cache reads answered from memory (or a
 * read in flight) versus those that called the platform.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const PREFIX = 'assistant_gateway_';

export interface GatewayMetrics {
  readonly registry: Registry;
  readonly calls: Counter<'procedure' | 'outcome'>;
  readonly upstream: Histogram<'status'>;
  readonly agentCache: Counter<'result'>;
}

export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const agentCache = new Counter({
    name: `${PREFIX}agent_cache_reads_total`,
    help: '`agents.get` reads by result: `hit` (no platform call of its own) or `miss`.',
    labelNames: ['result'],
    registers,
  });
  for (const result of ['hit', 'miss']) agentCache.inc({ result }, 0);
  return {
    registry,
    agentCache,
    calls: new Counter({
      name: `${PREFIX}procedure_calls_total`,
      help: 'tRPC calls by procedure and outcome (`ok` or the error code); a subscription when it starts.',
      labelNames: ['procedure', 'outcome'],
      registers,
    }),
    upstream: new Histogram({
      name: `${PREFIX}upstream_duration_seconds`,
      help: "Platform calls' time to their answer's headers, by HTTP status (`error`: no answer).",
      labelNames: ['status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
  };
}

/** `fetch`, each call timed into the upstream histogram. */
export function timedFetch(fetchImpl: typeof fetch, metrics: GatewayMetrics): typeof fetch {
  return async (input, init) => {
    const stop = metrics.upstream.startTimer();
    try {
      const response = await fetchImpl(input, init);
      stop({ status: String(response.status) });
      return response;
    } catch (error) {
      stop({ status: 'error' });
      throw error;
    }
  };
}
