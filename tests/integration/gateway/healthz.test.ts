/** `/healthz` reports whether the platform answers, at the API base the gateway calls. */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineConfig, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A reverse proxy serving `target` under `/platform/`, as a company's API gateway might. */
function prefixProxy(target: string): Server {
  return createServer((incoming, outgoing) => {
    if (!incoming.url?.startsWith('/platform/')) return outgoing.writeHead(404).end('no such route');
    const upstream = httpRequest(
      new URL(incoming.url.slice('/platform'.length), target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
}

/** The gateway's health answer: status and report. */
async function healthOf(gatewayUrl: string): Promise<{ status: number; report: unknown }> {
  const health = await fetch(`${gatewayUrl}/healthz`);
  return { status: health.status, report: await health.json() };
}

/**
 * Polled until it matches: on a loaded machine a platform's first answers may miss the gateway's
 * probe timeout, which reports it unreachable; what is asserted is the answer once it is ready.
 */
const UNTIL_READY = { timeout: 60_000, interval: 250 };

describe('GET /healthz', () => {
  it('answers 200 with the upstream reachable while the platform runs, 503 once it stops', async () => {
    const server = await startReferenceServer({ env: await storeEnv() });
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
    );
    try {
      await expect
        .poll(() => healthOf(gateway.url), UNTIL_READY)
        .toMatchObject({
          status: 200,
          report: { status: 'ok', upstream: { reachable: true, status: 200 } },
        });

      await server.close();
      const down = await fetch(`${gateway.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'degraded', upstream: { reachable: false } });
    } finally {
      await gateway.close();
      await server.close().catch(() => undefined);
    }
  });

  it("answers 503 when UPSTREAM_BASE_URL's path is wrong, though its origin is the platform's", async () => {
    const server = await startReferenceServer({ env: await storeEnv() });
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: `${server.url}/platform/v1` }),
    );
    try {
      await expect
        .poll(() => healthOf(gateway.url), UNTIL_READY)
        .toMatchObject({
          status: 503,
          report: {
            status: 'degraded',
            upstream: {
              url: `${server.url}/platform/healthz`,
              reachable: true,
              status: 404,
              detail: expect.stringContaining('UPSTREAM_BASE_URL'),
            },
          },
        });
    } finally {
      await gateway.close();
      await server.close();
    }
  });

  it('answers 200 for a platform behind a path prefix, probing the route its calls take', async () => {
    const server = await startReferenceServer({ env: await storeEnv() });
    const proxy = prefixProxy(server.url);
    const proxyUrl = await listen(proxy);
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: `${proxyUrl}/platform/v1` }),
    );
    try {
      await expect
        .poll(() => healthOf(gateway.url), UNTIL_READY)
        .toMatchObject({
          status: 200,
          report: { status: 'ok', upstream: { url: `${proxyUrl}/platform/healthz`, status: 200 } },
        });
      const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all });
      expect(await client.agents.get.query({ id: '1' })).toMatchObject({ id: 1 });
    } finally {
      await gateway.close();
      await new Promise((resolve) => proxy.close(resolve));
      await server.close();
    }
  });

  /** Probes through a gateway whose upstream is a server answering every request with `status` and `body`. */
  async function probeThrough(status: number, body: string) {
    const other = createServer((_request, response) => response.writeHead(status).end(body));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: `http://127.0.0.1:${port}/v1` }),
    );
    try {
      const health = await fetch(`${gateway.url}/healthz`);
      return { status: health.status, report: await health.json() };
    } finally {
      await gateway.close();
      await new Promise((resolve) => other.close(resolve));
    }
  }

  it('answers 503 when only a proxy answers, with a 5xx, in front of the platform', async () => {
    const { status, report } = await probeThrough(502, 'Bad Gateway');
    expect(status).toBe(503);
    expect(report).toMatchObject({ status: 'degraded', upstream: { reachable: true, status: 502 } });
  });

  it("answers 503 when the upstream is some other server, whose /healthz is not the platform's", async () => {
    for (const [code, body] of [
      [404, '{"message":"Resource does not exist"}'],
      [200, '<!doctype html><title>Some app</title>'],
    ] as const) {
      const { status, report } = await probeThrough(code, body);
      expect(status, body).toBe(503);
      expect(report, body).toMatchObject({
        status: 'degraded',
        upstream: { reachable: true, status: code, detail: expect.stringContaining('UPSTREAM_BASE_URL') },
      });
    }
  });
});
