/**
 * One trace from a product team's code to the model: the application's own span (OpenTelemetry's
 * SDK registered as an application registers it), the gateway client sending its `traceparent`,
 * the gateway's request and procedure spans, the reference server's request and stage spans, and
 * the OpenAI-compatible upstream receiving the engine span's `traceparent`. Both services export to
 * one OTLP/HTTP receiver, as they would to one collector.
 */

import { chatUpstreamEnv, type FakeUpstream, startFakeUpstream } from '@assistant-platform/engines/testing';
import { testChatBody } from '@assistant-platform/server/testing';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../gateway/helpers/stack.js';
import { type Receiver, SPAN_KIND, startReceiver } from './otlp-receiver.js';

let receiver: Receiver;
let upstream: FakeUpstream;
let stack: Stack;
beforeAll(async () => {
  receiver = await startReceiver();
  upstream = await startFakeUpstream();
  const tracing = {
    exporter: 'otlp' as const,
    url: `${receiver.url}/v1/traces`,
    protocol: 'http/protobuf' as const,
    batchDelayMs: 50,
    maxQueueSize: 2048,
  };
  stack = await startStack(
    { tracing: { ...tracing, serviceName: 'gateway-under-test' } },
    {
      serverEnv: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '50',
        OTEL_SERVICE_NAME: 'platform-under-test',
        ...chatUpstreamEnv(upstream.url),
      },
    },
  );
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(async () => {
  context.disable();
  propagation.disable();
  await stack?.close();
  await upstream?.close();
  await receiver?.close();
});

describe('one trace from the application through the gateway and the server to the model', () => {
  it('links every span of a chat to its parent, across both services and to the upstream', async () => {
    const app = new BasicTracerProvider().getTracer('product-app');
    const checkout = app.startSpan('checkout');
    const answer = await context.with(trace.setSpan(context.active(), checkout), () =>
      stack.client().chat.request.mutate(testChatBody()),
    );
    checkout.end();
    expect(answer.object).toBe('chat.request');
    const { traceId, spanId: appSpan } = checkout.spanContext();

    // gateway: request + procedure; server: request + auth + db + chat.
    const spans = await receiver.trace(traceId, 6);
    const one = (predicate: (span: (typeof spans)[number]) => boolean, what: string) => {
      const found = spans.filter(predicate);
      expect(found, what).toHaveLength(1);
      return found[0]!;
    };
    const gatewayRequest = one(
      (span) => span.service === 'gateway-under-test' && span.kind === SPAN_KIND.server,
      "the gateway's request span",
    );
    expect(gatewayRequest.parentSpanId).toBe(appSpan);
    const procedure = one((span) => span.name === 'trpc chat.request', "the gateway's procedure span");
    expect(procedure).toMatchObject({
      parentSpanId: gatewayRequest.spanId,
      attributes: { 'rpc.system': 'trpc', 'rpc.method': 'chat.request' },
    });
    const platformRequest = one(
      (span) => span.service === 'platform-under-test' && span.kind === SPAN_KIND.server,
      "the platform's request span",
    );
    expect(platformRequest).toMatchObject({
      name: 'POST /v1/agents/chat/request',
      parentSpanId: procedure.spanId,
      attributes: { 'assistant_platform.operation_id': 'chatRequest', 'http.response.status_code': 200 },
    });
    const stages = spans.filter((span) => span.parentSpanId === platformRequest.spanId);
    expect(stages.map((span) => span.name).sort()).toEqual(['auth', expect.stringMatching(/^chat /), 'db']);
    const engine = stages.find((span) => span.name.startsWith('chat '))!;
    expect(engine.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat' });
    expect(upstream.received.at(-1)?.headers.traceparent).toBe(`00-${traceId}-${engine.spanId}-01`);
  });
});
