/**
 * Reads an OTLP `ExportTraceServiceRequest` in protobuf (what the exporters send by default) into
 * the shape OTLP's JSON encoding gives it, so the receiver keeps one kind of span whichever
 * encoding came. Only the fields the suites look at are read (field numbers from
 * opentelemetry-proto's trace.proto and common.proto); the others are skipped by wire type.
 */
import protobuf from 'protobufjs/minimal.js';

const { Reader } = protobuf;
type Reader = protobuf.Reader;

export interface JsonValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values: JsonValue[] };
}
export interface JsonKeyValue {
  key: string;
  value: JsonValue;
}
export interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: JsonKeyValue[];
  status?: { code?: number; message?: string };
}
export interface JsonResourceSpans {
  resource?: { attributes: JsonKeyValue[] };
  scopeSpans: { spans: JsonSpan[] }[];
}

/** Calls `field` for each field of the message that ends at `end`, skipping what it does not read. */
function fields(reader: Reader, end: number, field: (number: number, wireType: number) => boolean): void {
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (!field(tag >>> 3, tag & 7)) reader.skipType(tag & 7);
  }
}
const message = <T>(reader: Reader, read: (end: number) => T): T => read(reader.uint32() + reader.pos);
/** The messages of field `number`, repeated, in the message that ends at `end`. */
function repeated<T>(reader: Reader, end: number, number: number, read: (end: number) => T): T[] {
  const items: T[] = [];
  fields(reader, end, (field) => field === number && items.push(message(reader, read)) > 0);
  return items;
}
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
// A fixed64 as its decimal text, exactly (a double would round nanoseconds).
const fixed64 = (reader: Reader) => {
  const low = BigInt(reader.fixed32());
  return String((BigInt(reader.fixed32()) << 32n) | low);
};

function anyValue(reader: Reader, end: number): JsonValue {
  const value: JsonValue = {};
  fields(reader, end, (number) => {
    if (number === 1) value.stringValue = reader.string();
    else if (number === 2) value.boolValue = reader.bool();
    else if (number === 3) value.intValue = String(reader.int64());
    else if (number === 4) value.doubleValue = reader.double();
    else if (number === 5)
      value.arrayValue = {
        values: message(reader, (arrayEnd) => repeated(reader, arrayEnd, 1, (e) => anyValue(reader, e))),
      };
    else return false;
    return true;
  });
  return value;
}

function keyValue(reader: Reader, end: number): JsonKeyValue {
  const pair: JsonKeyValue = { key: '', value: {} };
  fields(reader, end, (number) => {
    if (number === 1) pair.key = reader.string();
    else if (number === 2) pair.value = message(reader, (e) => anyValue(reader, e));
    else return false;
    return true;
  });
  return pair;
}

function span(reader: Reader, end: number): JsonSpan {
  const read: JsonSpan = {
    traceId: '',
    spanId: '',
    name: '',
    kind: 0,
    startTimeUnixNano: '0',
    endTimeUnixNano: '0',
    attributes: [],
  };
  fields(reader, end, (number) => {
    if (number === 1) read.traceId = hex(reader.bytes());
    else if (number === 2) read.spanId = hex(reader.bytes());
    else if (number === 4) read.parentSpanId = hex(reader.bytes());
    else if (number === 5) read.name = reader.string();
    else if (number === 6) read.kind = reader.int32();
    else if (number === 7) read.startTimeUnixNano = fixed64(reader);
    else if (number === 8) read.endTimeUnixNano = fixed64(reader);
    else if (number === 9) read.attributes.push(message(reader, (e) => keyValue(reader, e)));
    else if (number === 15) {
      const status: { code?: number; message?: string } = {};
      message(reader, (statusEnd) =>
        fields(reader, statusEnd, (field) => {
          if (field === 2) status.message = reader.string();
          else if (field === 3) status.code = reader.int32();
          else return false;
          return true;
        }),
      );
      read.status = status;
    } else return false;
    return true;
  });
  return read;
}

function resourceSpans(reader: Reader, end: number): JsonResourceSpans {
  const resource: JsonResourceSpans = { scopeSpans: [] };
  fields(reader, end, (field) => {
    if (field === 1)
      resource.resource = {
        attributes: message(reader, (resourceEnd) =>
          repeated(reader, resourceEnd, 1, (e) => keyValue(reader, e)),
        ),
      };
    else if (field === 2)
      resource.scopeSpans.push({
        spans: message(reader, (scopeEnd) => repeated(reader, scopeEnd, 2, (e) => span(reader, e))),
      });
    else return false;
    return true;
  });
  return resource;
}

export function decodeTraceRequest(body: Uint8Array): { resourceSpans: JsonResourceSpans[] } {
  const reader = Reader.create(body);
  return { resourceSpans: repeated(reader, body.length, 1, (end) => resourceSpans(reader, end)) };
}
