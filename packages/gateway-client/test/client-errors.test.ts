/**
 * The client's own failures, as a product developer meets them: a wrong port, an unknown host, and
 * another server's URL in place of the gateway's each reach the caller as a `GatewayClientError`
 * with a code, the URL tried and the cause, instead of tRPC's `fetch failed` or "Unable to
 * transform response from server". Real sockets: a port nothing listens on, a name that does not
 * resolve, and HTTP servers answering as the platform's API and a web page do. (tests/integration
 * gives the client the reference server's own URL.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayClientError, isGatewayClientError } from '../src/index.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An HTTP server answering every request with `status`, `type` and `body`; its origin. */
async function answering(status: number, type: string, body: string): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

/** The error a `chat.stream` subscription ends with. */
function subscriptionError(client: ReturnType<typeof createGatewayClient>): Promise<unknown> {
  return new Promise((resolve) => {
    client.chat.stream.subscribe(
      {
        name: 'a',
        description: '',
        instruction: 'b',
        intents: [],
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      },
      { onError: resolve },
    );
  });
}

describe('the gateway client’s own failures', () => {
  it('names a gateway it cannot reach: GATEWAY_UNREACHABLE with the URL tried and the cause', async () => {
    const port = await closedPort();
    for (const batch of [true, false]) {
      const client = createGatewayClient({ url: `http://127.0.0.1:${port}`, token: 't', batch });
      const error = await failureOf(client.agents.get.query({ id: '1' }));
      expect(error).toBeInstanceOf(GatewayClientError);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect(error).toMatchObject({
        name: 'GatewayClientError',
        code: 'GATEWAY_UNREACHABLE',
        url: `http://127.0.0.1:${port}/trpc/agents.get`,
      });
      expect((error as Error).message).toContain('ECONNREFUSED');
      expect((error as Error).cause).toBeInstanceOf(Error);
      expect(isGatewayClientError(error, 'GATEWAY_UNREACHABLE')).toBe(true);
    }
    const client = createGatewayClient({ url: `http://127.0.0.1:${port}`, token: 't' });
    expect(await subscriptionError(client)).toMatchObject({
      code: 'GATEWAY_UNREACHABLE',
      url: `http://127.0.0.1:${port}/trpc/chat.stream`,
    });
  });

  it('says so for a host name that does not resolve', async () => {
    const client = createGatewayClient({ url: 'http://gateway.invalid:4020', token: 't' });
    const error = await failureOf(client.agents.create.mutate({ name: 'a', instruction: 'b' }));
    expect(error).toMatchObject({
      code: 'GATEWAY_UNREACHABLE',
      url: 'http://gateway.invalid:4020/trpc/agents.create',
    });
    expect((error as Error).message).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it('names an answer that is not tRPC’s, as the platform’s API gives: NOT_A_GATEWAY', async () => {
    const platform = await answering(
      404,
      'application/json; charset=utf-8',
      '{"success":false,"message":"Resource does not exist"}',
    );
    for (const batch of [true, false]) {
      const client = createGatewayClient({ url: platform, token: 't', batch });
      const error = await failureOf(client.agents.get.query({ id: '1' }));
      expect(error).toMatchObject({ code: 'NOT_A_GATEWAY' });
      expect((error as GatewayClientError).url).toMatch(new RegExp(`^${platform}/trpc/agents\\.get`));
      expect((error as Error).message).toContain('404 application/json');
      expect((error as Error).message).toContain("is this the gateway's URL (not the platform's)?");
    }
  });

  it('names a web page given as the gateway: NOT_A_GATEWAY, also for a subscription', async () => {
    const page = await answering(200, 'text/html; charset=utf-8', '<!doctype html><title>Docs</title>');
    const client = createGatewayClient({ url: page, token: 't' });
    expect(await failureOf(client.agents.get.query({ id: '1' }))).toMatchObject({ code: 'NOT_A_GATEWAY' });
    expect(isGatewayClientError(await subscriptionError(client), 'NOT_A_GATEWAY')).toBe(true);
  });

  it('leaves a call its caller aborted as tRPC reports it', async () => {
    const port = await closedPort();
    const client = createGatewayClient({ url: `http://127.0.0.1:${port}`, token: 't', batch: false });
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(client.agents.get.query({ id: '1' }, { signal: controller.signal }));
    expect(isGatewayClientError(error)).toBe(false);
  });
});
