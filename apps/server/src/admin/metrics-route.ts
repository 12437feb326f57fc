/**
 * `GET /_admin/metrics`: the app's registry in Prometheus' text format, for an operator's token
 * (admin.yaml). Behind the admin API's authentication rather than on a port of its own, so a
 * deployment opens no second port and the figures, which cover every account, need the scope that
 * reaches every account.
 */
import type { ServerMetrics } from '../pipeline/metrics/server-metrics.js';
import type { AdminHandlers } from './admin-deps.js';

export function metricsHandlers(metrics: ServerMetrics): AdminHandlers<'scrapeMetrics'> {
  return {
    async scrapeMetrics(_request, reply) {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  };
}
