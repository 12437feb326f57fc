/**
 * A Fastify app traced by service-kit, over real HTTP, exporting through its export thread to an
 * OTLP/HTTP receiver (JSON, to read it here): the request's span and its children arrive with the
 * caller's trace; and when the export thread falls behind or fails, the app goes on answering,
 * memory stays bounded, and the log says what was lost.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildSpan, registerRequestTracing } from '../src/tracing/index.js';
import type { TracingConfig } from '../src/tracing/tracing-config.js';

const BUILT_WORKER = new URL('../dist/tracing/span-export-worker.js', import.meta.url);
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = '00f067aa0ba902b7';

interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status: { code?: number };
  flags: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function startReceiver() {
  const spans: JsonSpan[] = [];
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    for (const resource of JSON.parse(body).resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, spans };
}

async function startApp(config: Partial<TracingConfig>, exportWorkerUrl: URL) {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app: FastifyInstance = Fastify({ logger: { level: 'warn', stream } });
  const tracing = registerRequestTracing(
    app,
    {
      exporter: 'otlp',
      protocol: 'http/json',
      batchDelayMs: 20,
      maxQueueSize: 2048,
      serviceName: 'kit-under-test',
      ...config,
    },
    { version: '1.2.3', exportWorkerUrl },
  );
  app.get('/work', async (request) => {
    const stage: ChildSpan = tracing.child(request, 'stage', { 'stage.kind': 'lookup' });
    const traceparent = stage.traceparent;
    stage.end({ attributes: { 'stage.rows': 1 } });
    return { traceparent };
  });
  app.get('/fail', async (request) => {
    tracing.child(request, 'failing stage').end({ error: new TypeError('lookup failed') });
    throw new Error('the operation failed');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closing.push(() => app.close());
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, logs };
}

/** OTLP's span kinds, status codes and span flags (the sampled flag, and whether the parent is remote). */
const SPAN_KIND = { internal: 1, server: 2 };
const STATUS_ERROR = 2;
const SAMPLED_LOCAL_PARENT = 0x101;
const SAMPLED_REMOTE_PARENT = 0x301;
/** Now on the epoch clock, in nanoseconds, as OTLP writes span times. */
const nowNanos = () => BigInt(Date.now()) * 1_000_000n;

const attribute = (span: JsonSpan | undefined, key: string) =>
  span?.attributes.find((item) => item.key === key)?.value;

describe('request tracing through the export thread', () => {
  it('exports the request’s span and its child under the caller’s trace', async () => {
    const receiver = await startReceiver();
    const { origin } = await startApp({ url: receiver.url }, BUILT_WORKER);
    const before = nowNanos();
    const res = await fetch(`${origin}/work?x=1`, {
      headers: { traceparent: `00-${TRACE_ID}-${CALLER}-01`, tracestate: 'vendor=v1' },
    });
    const { traceparent } = (await res.json()) as { traceparent: string };
    await expect.poll(() => receiver.spans.length).toBeGreaterThanOrEqual(2);
    const request = receiver.spans.find((span) => span.name === 'GET /work');
    const stage = receiver.spans.find((span) => span.name === 'stage');
    const after = nowNanos();
    expect(request).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: CALLER,
      traceState: 'vendor=v1',
      kind: SPAN_KIND.server,
      flags: SAMPLED_REMOTE_PARENT,
    });
    // Times on the epoch clock, within the call (a second's margin for the two clocks' rounding).
    const [start, end] = [BigInt(request?.startTimeUnixNano ?? 0), BigInt(request?.endTimeUnixNano ?? 0)];
    expect(start).toBeGreaterThan(before - 1_000_000_000n);
    expect(end).toBeGreaterThanOrEqual(start);
    expect(end).toBeLessThan(after + 1_000_000_000n);
    expect(attribute(request, 'url.path')).toEqual({ stringValue: '/work' });
    expect(attribute(request, 'http.response.status_code')).toEqual({ intValue: 200 });
    expect(stage).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: request?.spanId,
      traceState: 'vendor=v1',
      kind: SPAN_KIND.internal,
      flags: SAMPLED_LOCAL_PARENT,
    });
    expect(stage?.status.code ?? 0).not.toBe(STATUS_ERROR);
    expect(attribute(stage, 'stage.kind')).toEqual({ stringValue: 'lookup' });
    expect(attribute(stage, 'stage.rows')).toEqual({ intValue: 1 });
    // What the stage passes on names the stage's own span.
    expect(traceparent).toBe(`00-${TRACE_ID}-${stage?.spanId}-01`);
  });

  it('marks a failed stage and a failed request as errors, naming what failed', async () => {
    const receiver = await startReceiver();
    const { origin } = await startApp({ url: receiver.url }, BUILT_WORKER);
    expect((await fetch(`${origin}/fail`)).status).toBe(500);
    await expect.poll(() => receiver.spans.length).toBeGreaterThanOrEqual(2);
    const request = receiver.spans.find((span) => span.name === 'GET /fail');
    const stage = receiver.spans.find((span) => span.name === 'failing stage');
    // No caller's traceparent: the request's span starts the trace.
    expect(request?.parentSpanId ?? '').toBe('');
    expect(request).toMatchObject({ kind: SPAN_KIND.server, status: { code: STATUS_ERROR } });
    expect(attribute(request, 'error.type')).toEqual({ stringValue: '500' });
    expect(stage).toMatchObject({ parentSpanId: request?.spanId, status: { code: STATUS_ERROR } });
    expect(attribute(stage, 'error.type')).toEqual({ stringValue: 'TypeError' });
  });

  it('drops spans past the queue’s bound when the export thread falls behind, and says so once', async () => {
    const { origin, logs } = await startApp(
      { maxQueueSize: 10 },
      new URL('./fixtures/stalled-export-worker.mjs', import.meta.url),
    );
    // Two spans a request: the bound is reached on the fifth, and the rest are dropped.
    for (let i = 0; i < 30; i++) expect((await fetch(`${origin}/work`)).status).toBe(200);
    await expect
      .poll(() => logs.filter((line) => /spans dropped/.test(String(line.msg))))
      .toEqual([expect.objectContaining({ level: 40, droppedSpans: 1 })]);
  });

  it('goes on answering when the export thread fails, saying once that spans are no longer recorded', async () => {
    const { origin, logs } = await startApp(
      {},
      new URL('./fixtures/failing-export-worker.mjs', import.meta.url),
    );
    await expect
      .poll(() => logs.filter((line) => /export thread failed/.test(String(line.msg))))
      .toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await fetch(`${origin}/work`)).status).toBe(200);
    expect(logs.filter((line) => /export thread/.test(String(line.msg)))).toHaveLength(1);
  });
});
