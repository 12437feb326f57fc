/**
 * OpenTelemetry tracing over real HTTP: the server continues a caller's `traceparent`, makes spans
 * for its stages (the token, the database, the engine under the GenAI conventions), passes the
 * engine span's `traceparent` to an OpenAI-compatible upstream, and exports the trace over OTLP/HTTP
 * to a receiver here (a real HTTP server taking OTLP's JSON, the system's edge). Chat messages never
 * go into spans, and every log line of a traced request carries its trace id.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatUpstreamEnv, type FakeUpstream, startFakeUpstream } from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { ensureBuilt, startCli, stopAllServers } from '../helpers/cli-process.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
}
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number };
  service: unknown;
}

const otlpValue = (value: OtlpValue): unknown =>
  value.arrayValue
    ? value.arrayValue.values.map(otlpValue)
    : (value.stringValue ??
      (value.intValue === undefined ? undefined : Number(value.intValue)) ??
      value.boolValue ??
      value.doubleValue);
const attributesOf = (list: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, otlpValue(value)]));

/** An OTLP/HTTP receiver: every span it was sent, flattened, with its service's name. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (req.url === '/v1/traces' && req.method === 'POST') {
      bodies.push(text);
      for (const resource of JSON.parse(text).resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              ...span,
              attributes: attributesOf(span.attributes),
              service: attributesOf(resource.resource?.attributes)['service.name'],
            });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    /** The spans of `traceId` once `count` of them arrived (polling; generous bound). */
    async trace(traceId: string, count: number): Promise<ReceivedSpan[]> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = spans.filter((span) => span.traceId === traceId);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `trace ${traceId}: ${found.length} of ${count} spans (${found.map((s) => s.name)})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const SERVER_KIND = 2;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let upstream: FakeUpstream;
let server: ReferenceServer;
beforeAll(async () => {
  receiver = await startReceiver();
  upstream = await startFakeUpstream();
  server = await startReferenceServer({
    seed: testSeed,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_SERVICE_NAME: 'platform-under-test',
      ...chatUpstreamEnv(upstream.url),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
  await receiver?.close();
  await stopAllServers();
});

describe('OpenTelemetry tracing', () => {
  it('continues the caller’s trace through auth, the database and the engine to the upstream', async () => {
    const secret = 'my card is 4111 1111 1111 1111';
    const body = testChatBody({ message: { role: 'user', content: [{ type: 'text', text: secret }] } });
    const res = await fetch(`${server.url}/v1/agents/chat/request`, {
      method: 'POST',
      headers: {
        ...auth(TEST_TOKENS.all),
        'content-type': 'application/json',
        traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`,
        tracestate: 'vendor=opaque',
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');

    const spans = await receiver.trace(TRACE_ID, 4);
    const root = spans.find((span) => span.kind === SERVER_KIND);
    expect(root).toMatchObject({
      name: 'POST /v1/agents/chat/request',
      parentSpanId: CALLER_SPAN,
      service: 'platform-under-test',
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/v1/agents/chat/request',
        'http.response.status_code': 200,
        'assistant_platform.operation_id': 'chatRequest',
        'assistant_platform.request_id': requestId,
      },
    });
    const children = spans.filter((span) => span.parentSpanId === root?.spanId);
    expect(children.map((span) => span.name).sort()).toEqual(['auth', expect.stringMatching(/^chat /), 'db']);
    const chat = children.find((span) => span.name.startsWith('chat '));
    expect(chat?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': expect.any(String),
      'gen_ai.request.max_tokens': expect.any(Number),
      'gen_ai.request.temperature': expect.any(Number),
      'gen_ai.response.finish_reasons': [expect.any(String)],
    });
    // The upstream was asked within the engine's span.
    const upstreamCall = upstream.received.at(-1);
    expect(upstreamCall?.headers.traceparent).toBe(`00-${TRACE_ID}-${chat?.spanId}-01`);
    // Nothing the user wrote is in any span.
    expect(receiver.bodies.join('')).not.toContain('4111');
  });

  it('starts a new trace for a request without traceparent, and marks only the server’s own failures', async () => {
    const res = await fetch(`${server.url}/v1/agents/view/999999`, { headers: auth(TEST_TOKENS.all) });
    expect(res.status).toBe(404);
    const requestId = res.headers.get('x-request-id');
    const deadline = Date.now() + 20_000;
    let root: ReceivedSpan | undefined;
    while (!root && Date.now() < deadline) {
      root = receiver.spans.find((span) => span.attributes['assistant_platform.request_id'] === requestId);
      if (!root) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(root).toMatchObject({ kind: SERVER_KIND, name: 'GET /v1/agents/view/:id' });
    expect(root?.parentSpanId || undefined).toBeUndefined();
    expect(root?.traceId).not.toBe(TRACE_ID);
    // A client's 404 is not the server's error.
    expect(root?.status?.code ?? 0).not.toBe(2);
  });
});

describe('the trace id in log lines', () => {
  it('puts the trace and span ids on every log line of a traced request', async () => {
    ensureBuilt();
    const cli = await startCli(['--seed', 'dev'], {
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const res = await fetch(`${cli.origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer dev-token', traceparent: `00-${'ab'.repeat(16)}-${CALLER_SPAN}-01` },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    const deadline = Date.now() + 20_000;
    let lines: Record<string, unknown>[] = [];
    while (Date.now() < deadline) {
      lines = cli
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.requestId === requestId);
      if (lines.some((line) => line.msg === 'request completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of lines)
      expect(line).toMatchObject({
        traceId: 'ab'.repeat(16),
        spanId: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
    cli.child.kill('SIGTERM');
  });
});
