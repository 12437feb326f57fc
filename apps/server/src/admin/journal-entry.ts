/**
 * A journal slot as the contract's `JournalEntry`: the work recording put off happens here, when an
 * entry is read. A JSON body (by its content type) becomes its value, any other body or a cut one
 * stays text; headers become names (lower case) and string values, with `authorization` always
 * `[redacted]` (Node lower-cases request header names; the answer's are parsed from the header
 * block written); a stream's events are split into their `event:` and `data:` fields.
 */
import { ADMIN_LIMITS, type JournalEntry, type StreamEvent } from '@assistant-platform/types/admin';
import type { RawEvent } from './journal-recording.js';
import type { JournalSlot } from './journal-slot.js';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Header lines as names (lower case) and values: `name: value` lines of an answer's header block
 * (after its status line), or a request's names and values on alternate lines. A header sent
 * twice is listed once, its values joined as HTTP allows.
 */
function headersOf(lines: string[], split: (lines: string[]) => [string, string][]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of split(lines)) {
    const key = name.toLowerCase();
    const shownValue = key === 'authorization' ? '[redacted]' : value;
    shown[key] = shown[key] === undefined ? shownValue : `${shown[key]}, ${shownValue}`;
  }
  return shown;
}

const alternating = (lines: string[]): [string, string][] =>
  Array.from({ length: Math.floor(lines.length / 2) }, (_, i) => [
    lines[2 * i] ?? '',
    lines[2 * i + 1] ?? '',
  ]);

const colonSeparated = (lines: string[]): [string, string][] =>
  lines.flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [[line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string]] : [];
  });

function bodyOf(body: string | Uint8Array | undefined, truncated: boolean, contentType: unknown): unknown {
  if (body === undefined || body.length === 0) return null;
  const text =
    typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.length).toString();
  if (truncated || typeof contentType !== 'string' || !JSON_MEDIA_TYPE.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    // Not the JSON it claimed to be (a client's malformed body): shown as it came.
    return text;
  }
}

function eventOf({ atMs, text }: RawEvent): StreamEvent {
  let event: string | null = null;
  const data: string[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return { atMs: Math.round(atMs * 1000) / 1000, event, data: data.join('\n') };
}

export function journalEntryOf(slot: JournalSlot): JournalEntry {
  const { url, requestHead } = slot;
  const query = url.indexOf('?');
  const requestHeaders = requestHead === '' ? {} : headersOf(requestHead.split('\n'), alternating);
  const responseHeaders = headersOf(slot.responseHead.split('\r\n').slice(1), colonSeparated);
  const stream = slot.streamEvents();
  return {
    id: slot.id,
    requestId: slot.requestId,
    at: new Date(slot.at).toISOString(),
    method: slot.method,
    path: query < 0 ? url : url.slice(0, query),
    query: query < 0 ? '' : url.slice(query + 1),
    operationId: slot.operationId,
    status: slot.status,
    durationMs: Math.round(slot.durationMs * 1000) / 1000,
    outcome: slot.outcome,
    token: slot.tokenName === null ? null : { name: slot.tokenName, accountId: slot.accountId },
    requestHeaders,
    requestBody: bodyOf(slot.requestBody, slot.requestBodyTruncated, requestHeaders['content-type']),
    requestBodyTruncated: slot.requestBodyTruncated,
    responseHeaders,
    responseBody:
      stream === null
        ? bodyOf(slot.responseBody, slot.responseBodyTruncated, responseHeaders['content-type'])
        : null,
    responseBodyTruncated: slot.responseBodyTruncated,
    events: stream?.events.map(eventOf) ?? null,
    eventsTruncated: stream?.truncated ?? false,
    fault: slot.fault,
    chatFixtureId: slot.chatFixtureId,
    violations: slot.violations,
    replay: slot.replay,
    spans: (slot.stages ?? []).slice(0, MAX_SPANS).map(({ stage, name, start, durationMs: took }) => ({
      stage,
      name,
      startMs: thousandths(Math.max(0, start - slot.startedAt)),
      durationMs: thousandths(took),
    })),
  };
}

/** The admin contract's bound on a journal entry's spans. */
const MAX_SPANS = ADMIN_LIMITS.JournalEntry.spans.maxItems;
const thousandths = (ms: number) => Math.round(ms * 1000) / 1000;
