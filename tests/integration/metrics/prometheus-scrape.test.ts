/**
 * Debian's Prometheus scrapes a reference server (`/_admin/metrics`, with the operator's token) and
 * a gateway (`/metrics`, with its METRICS_TOKEN) every second while traffic goes through both, and
 * the figures are read back through Prometheus' own query API. Both apps trace as well (to an
 * OTLP receiver), as a deployment watching both would run them: the traffic is in the traces too.
 */
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../tracing/otlp-receiver.js';
import { prometheusForSuite, type RunningPrometheus, startPrometheus } from './prometheus.js';

const prometheus = prometheusForSuite('tests/integration/metrics');
const METRICS_TOKEN = 'gateway-metrics-token-for-prometheus';
const READS = 5;
const RATE_LIMIT = 10;
// Scrapes come every second; a loaded machine may take many before the figures settle.
const patience = { timeout: 90_000, interval: 1_000 };

describe.skipIf(prometheus === undefined)('Prometheus scraping a server and a gateway', () => {
  let server: ReferenceServer;
  let gateway: RunningGateway;
  let scraper: RunningPrometheus;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startReferenceServer({
      seed: testSeed,
      env: {
        RATE_LIMIT_MAX: String(RATE_LIMIT),
        RATE_LIMIT_WINDOW_MS: '600000',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '50',
      },
    });
    gateway = await startGateway(
      defineConfig({
        port: 0,
        upstreamBaseUrl: server.baseUrl,
        logLevel: 'silent',
        metricsToken: METRICS_TOKEN,
        // Every read reaches the platform, so both apps count the same calls.
        agentCacheTtlMs: 0,
        tracing: {
          exporter: 'otlp',
          url: `${receiver.url}/v1/traces`,
          protocol: 'http/protobuf',
          batchDelayMs: 50,
          maxQueueSize: 2048,
          serviceName: 'gateway-under-test',
        },
      }),
    );
    scraper = await startPrometheus(prometheus as string, [
      {
        name: 'server',
        target: new URL(server.url).host,
        path: '/_admin/metrics',
        token: TEST_TOKENS.operator,
      },
      { name: 'gateway', target: new URL(gateway.url).host, path: '/metrics', token: METRICS_TOKEN },
    ]);
  });

  afterAll(async () => {
    await scraper?.close();
    await gateway?.close();
    await server?.close();
    await receiver?.close();
  });

  it('scrapes both with their credentials', async () => {
    await expect.poll(() => scraper.ready(), patience).toBe(true);
    await expect.poll(() => scraper.query('up{job="server"}'), patience).toBe(1);
    await expect.poll(() => scraper.query('up{job="gateway"}'), patience).toBe(1);
    await expect.poll(() => scraper.query('assistant_server_database_up'), patience).toBe(1);
  });

  it('shows the traffic through the gateway on both, and the rate limit’s refusals', async () => {
    const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all });
    for (let i = 0; i < READS; i++) await client.agents.get.query({ id: '1' });
    // One token past its limit, straight to the server.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const response = await fetch(`${server.baseUrl}/agents/view/1`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.read}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);

    await expect
      .poll(
        () => scraper.query('assistant_gateway_procedure_calls_total{procedure="agents.get",outcome="ok"}'),
        patience,
      )
      .toBe(READS);
    await expect
      .poll(() => scraper.query('assistant_gateway_upstream_duration_seconds_count{status="200"}'), patience)
      .toBe(READS);
    await expect
      .poll(
        () => scraper.query('assistant_server_requests_total{operation="getAgent",status="200"}'),
        patience,
      )
      .toBe(READS + RATE_LIMIT);
    await expect
      .poll(() => scraper.query('assistant_server_refusals_total{reason="rate_limit"}'), patience)
      .toBe(2);
    await expect
      .poll(
        () => scraper.query('assistant_server_request_duration_seconds_count{operation="getAgent"}'),
        patience,
      )
      .toBe(READS + RATE_LIMIT + 2);
    await expect
      .poll(() => scraper.query('assistant_server_journal_entries'), patience)
      .toBe(READS + RATE_LIMIT + 2);
    // The same reads, traced: each a gateway call and the server's request it made.
    const count = (name: string) => receiver.spans.filter((span) => span.name === name).length;
    await expect.poll(() => count('trpc agents.get'), patience).toBe(READS);
    await expect.poll(() => count('GET /v1/agents/view/:id'), patience).toBe(READS + RATE_LIMIT + 2);
  });
});
