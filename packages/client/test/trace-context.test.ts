/**
 * Trace context from the application's OpenTelemetry: with a span active, every call sends its
 * `traceparent` (and `tracestate`), so the platform continues the application's trace; without one
 * it sends none, and a `traceparent` the caller set is kept. Over real HTTP, with OpenTelemetry's
 * own SDK registered as an application registers it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssistantClient } from '../src/index.js';
import { traceApiSettled } from '../src/internal/trace-context.js';

let server: Server;
let baseUrl: string;
const received: IncomingHttpHeaders[] = [];
const AGENT = { success: true, message: 'Agent retrieved successfully', data: { id: 1 } };

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(AGENT));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  // The SDK loads the optional package as it loads, and calls made before it has go without trace
  // context: a loaded machine once ran the first call first.
  await traceApiSettled;
});
beforeEach(() => {
  received.length = 0;
});
afterAll(async () => {
  context.disable();
  propagation.disable();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const tracer = new BasicTracerProvider().getTracer('app');

describe('W3C trace context from @opentelemetry/api', () => {
  it("sends the active span's traceparent with a call", async () => {
    const client = createAssistantClient({ baseUrl, token: 't' });
    const span = tracer.startSpan('checkout');
    await context.with(trace.setSpan(context.active(), span), () =>
      client.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } }),
    );
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(received[0]?.traceparent).toBe(`00-${traceId}-${spanId}-01`);
  });

  it('sends none outside a span, and keeps a traceparent the caller set', async () => {
    const client = createAssistantClient({ baseUrl, token: 't' });
    await client.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } });
    expect(received[0]?.traceparent).toBeUndefined();
    const own = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`;
    const span = tracer.startSpan('checkout');
    await context.with(trace.setSpan(context.active(), span), () =>
      client.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } }, headers: { traceparent: own } }),
    );
    span.end();
    expect(received[1]?.traceparent).toBe(own);
  });
});
