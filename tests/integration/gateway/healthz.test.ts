/** `/healthz` reports whether the platform answers. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineConfig, startGateway } from '@assistant-platform/gateway';
import { startReferenceServer } from '@assistant-platform/server';
import { describe, expect, it } from 'vitest';

describe('GET /healthz', () => {
  it('answers 200 with the upstream reachable while the platform runs, 503 once it stops', async () => {
    const server = await startReferenceServer();
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
    );
    try {
      const up = await fetch(`${gateway.url}/healthz`);
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ status: 'ok', upstream: { reachable: true, status: 200 } });

      await server.close();
      const down = await fetch(`${gateway.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'degraded', upstream: { reachable: false } });
    } finally {
      await gateway.close();
      await server.close().catch(() => undefined);
    }
  });

  it('answers 503 when only a proxy answers, with a 5xx, in front of the platform', async () => {
    const proxy = createServer((_request, response) => response.writeHead(502).end('Bad Gateway'));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: `http://127.0.0.1:${port}/v1` }),
    );
    try {
      const health = await fetch(`${gateway.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: 'degraded',
        upstream: { reachable: true, status: 502 },
      });
    } finally {
      await gateway.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
