/**
 * An OTLP/HTTP receiver for the tracing suites: a real HTTP server taking what OpenTelemetry's
 * exporters send (`POST /v1/traces`, in protobuf or OTLP's JSON), keeping every span with its
 * service's name, and which encodings came.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeTraceRequest, type JsonResourceSpans } from './otlp-protobuf.js';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
}
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number };
  /** Nanoseconds since the epoch, as OTLP's JSON writes them (decimal strings). */
  startTimeUnixNano: string;
  endTimeUnixNano: string;
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

export async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (req.url === '/v1/traces' && req.method === 'POST') {
      // Protobuf's strings are UTF-8 bytes too: what a span holds can be searched in either.
      bodies.push(bytes.toString('utf8'));
      const type = req.headers['content-type'] ?? '';
      contentTypes.push(type);
      const request: { resourceSpans?: JsonResourceSpans[] } =
        type === 'application/x-protobuf' ? decodeTraceRequest(bytes) : JSON.parse(bytes.toString('utf8'));
      for (const resource of request.resourceSpans ?? [])
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
    /** The `Content-Type` of each export received. */
    contentTypes,
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

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** OpenTelemetry's span kinds as OTLP numbers them. */
export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
