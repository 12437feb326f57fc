/**
 * The reference server's OpenTelemetry spans over real HTTP: it continues a caller's `traceparent`,
 * makes spans for its stages (the token, the database, the engine under the GenAI conventions),
 * passes the engine span's `traceparent` to an OpenAI-compatible upstream (the fake one of
 * @assistant-platform/engines/testing), and exports the trace over OTLP/HTTP to a receiver. What
 * users write never goes into a span.
 */
import { chatUpstreamEnv, type FakeUpstream, startFakeUpstream } from '@assistant-platform/engines/testing';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody, testSeed } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedSpan, type Receiver, SPAN_KIND, startReceiver } from './otlp-receiver.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

let receiver: Receiver;
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
});

/** A reference server exporting to the receiver (with `env` added) for as long as `use` runs. */
async function withTracedServer(env: Record<string, string>, use: (url: string) => Promise<void>) {
  const traced = await startReferenceServer({
    seed: testSeed,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50', ...env },
  });
  try {
    await use(traced.url);
  } finally {
    await traced.close();
  }
}

/** GET agent 1, with `headers` (a caller's traceparent). */
const getAgent = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/v1/agents/view/1`, { headers: { authorization: `Bearer ${TEST_TOKENS.all}`, ...headers } });

describe('OpenTelemetry tracing', () => {
  it('continues the caller’s trace through auth, the database and the engine to the upstream', async () => {
    const secret = 'my card is 4111 1111 1111 1111';
    const body = testChatBody({ message: { role: 'user', content: [{ type: 'text', text: secret }] } });
    const res = await fetch(`${server.url}/v1/agents/chat/request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_TOKENS.all}`,
        'content-type': 'application/json',
        traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`,
        tracestate: 'vendor=opaque',
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');

    const spans = await receiver.trace(TRACE_ID, 4);
    const root = spans.find((span) => span.kind === SPAN_KIND.server);
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
    // Sent as protobuf, OTLP's default encoding.
    expect(new Set(receiver.contentTypes)).toEqual(new Set(['application/x-protobuf']));
  });

  it('passes a trace its caller left unsampled on to the upstream, unsampled, and records none of it', async () => {
    const traceId = '1'.repeat(32);
    const res = await fetch(`${server.url}/v1/agents/chat/request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_TOKENS.all}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${CALLER_SPAN}-00`,
      },
      body: JSON.stringify(testChatBody()),
    });
    expect(res.status).toBe(200);
    expect(upstream.received.at(-1)?.headers.traceparent).toMatch(
      new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`),
    );
    // A sampled request after it: once its spans are here, the unsampled one's would be too.
    const after = '2'.repeat(32);
    await fetch(`${server.url}/v1/agents/view/1`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.all}`, traceparent: `00-${after}-${CALLER_SPAN}-01` },
    });
    await receiver.trace(after, 3);
    expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([]);
  });

  it('starts a new trace for a request without traceparent, and marks only the server’s own failures', async () => {
    const res = await fetch(`${server.url}/v1/agents/view/999999`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
    });
    expect(res.status).toBe(404);
    const requestId = res.headers.get('x-request-id');
    const deadline = Date.now() + 20_000;
    let root: ReceivedSpan | undefined;
    while (!root && Date.now() < deadline) {
      root = receiver.spans.find((span) => span.attributes['assistant_platform.request_id'] === requestId);
      if (!root) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(root).toMatchObject({ kind: SPAN_KIND.server, name: 'GET /v1/agents/view/:id' });
    expect(root?.parentSpanId || undefined).toBeUndefined();
    expect(root?.traceId).not.toBe(TRACE_ID);
    // A client's 404 is not the server's error.
    expect(root?.status?.code ?? 0).not.toBe(2);
  });
});

describe('work on an engine worker thread', () => {
  it('shows the wait for a thread and the thread’s run under the engine’s span, for a chat and for embeddings', async () => {
    // The reference engines: a structured chat and a long text to embed go to the worker pool.
    await withTracedServer({}, async (url) => {
      const post = (path: string, body: unknown, traceId: string) =>
        fetch(`${url}/v1${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TEST_TOKENS.all}`,
            'content-type': 'application/json',
            traceparent: `00-${traceId}-${CALLER_SPAN}-01`,
          },
          body: JSON.stringify(body),
        });
      const chatTrace = 'd'.repeat(32);
      const structured = testChatBody({
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'answer',
            schema: { type: 'object', properties: { summary: { type: 'string' } } },
          },
        },
      });
      expect((await post('/agents/chat/request', structured, chatTrace)).status).toBe(200);
      const embedTrace = 'e'.repeat(32);
      const longText = 'The parcel left the depot this morning. '.repeat(200);
      expect((await post('/vectors/embedding', { sentences: [longText] }, embedTrace)).status).toBe(200);

      // The request, auth, (a chat's db), the engine and its two phases.
      for (const [traceId, engineSpan, count] of [
        [chatTrace, /^chat /, 6],
        [embedTrace, /^embeddings /, 5],
      ] as const) {
        const spans = await receiver.trace(traceId, count);
        const engine = spans.find((span) => engineSpan.test(span.name));
        const queue = spans.find((span) => span.name === 'engine queue');
        const worker = spans.find((span) => span.name === 'engine worker');
        expect(queue?.parentSpanId).toBe(engine?.spanId);
        expect(worker?.parentSpanId).toBe(engine?.spanId);
        const time = (nanos: string | undefined) => BigInt(nanos ?? '-1');
        // Queued, then run: the two phases share one clock.
        expect(time(queue?.endTimeUnixNano)).toBeLessThanOrEqual(time(worker?.startTimeUnixNano));
        expect(time(worker?.endTimeUnixNano)).toBeGreaterThan(time(worker?.startTimeUnixNano));
        // Inside the engine's span, within clock skew: OpenTelemetry anchors a span timed by itself
        // to Date.now(), which drifts from performance.now() (the phases' clock) by up to a few ms.
        const skew = 5_000_000n;
        expect(time(queue?.startTimeUnixNano)).toBeGreaterThanOrEqual(time(engine?.startTimeUnixNano) - skew);
        expect(time(worker?.endTimeUnixNano)).toBeLessThanOrEqual(time(engine?.endTimeUnixNano) + skew);
      }
      // Nothing the user wrote is in any span.
      expect(receiver.bodies.join('')).not.toContain('depot');
    });
  });
});

describe('OTLP’s JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)', () => {
  it('sends the same spans as JSON', async () => {
    await withTracedServer({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, async (url) => {
      const traceId = 'f'.repeat(32);
      const res = await getAgent(url, { traceparent: `00-${traceId}-${CALLER_SPAN}-01` });
      expect(res.status).toBe(200);
      const spans = await receiver.trace(traceId, 3);
      expect(spans.map((span) => span.name).sort()).toEqual(['GET /v1/agents/view/:id', 'auth', 'db']);
      expect(receiver.contentTypes).toContain('application/json');
    });
  });
});

describe('sampling (OTEL_TRACES_SAMPLER)', () => {
  it('records a trace its caller sampled and nothing of one the sampler left out', async () => {
    await withTracedServer({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }, async (url) => {
      const left = await getAgent(url);
      expect(left.status).toBe(200);
      const traceId = 'c'.repeat(32);
      expect((await getAgent(url, { traceparent: `00-${traceId}-${CALLER_SPAN}-01` })).status).toBe(200);
      // Spans leave in the order they ended: once the sampled trace's are here, the other's would be.
      await receiver.trace(traceId, 3);
      const leftId = left.headers.get('x-request-id');
      expect(
        receiver.spans.filter((span) => span.attributes['assistant_platform.request_id'] === leftId),
      ).toEqual([]);
    });
  });
});
