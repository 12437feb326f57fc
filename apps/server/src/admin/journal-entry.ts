/**
 * A recording as the contract's `JournalEntry`: the work recording put off happens here, when an
 * entry is read. A JSON body (by its content type) becomes its value, any other body or a cut one
 * stays text; header values become strings, with `authorization` always `[redacted]`; a stream's
 * events are split into their `event:` and `data:` fields.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { JournalEntry, StreamEvent } from '@assistant-platform/types/admin';
import type { HeaderValues, JournalRecording, RawEvent } from './journal-recording.js';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function headersOf(headers: IncomingHttpHeaders | HeaderValues): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    shown[key] =
      key === 'authorization' ? '[redacted]' : Array.isArray(value) ? value.join(', ') : String(value);
  }
  return shown;
}

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

export function journalEntryOf(recording: JournalRecording): JournalEntry {
  const query = recording.url.indexOf('?');
  return {
    id: recording.id,
    requestId: recording.requestId,
    at: new Date(recording.at).toISOString(),
    method: recording.method,
    path: query < 0 ? recording.url : recording.url.slice(0, query),
    query: query < 0 ? '' : recording.url.slice(query + 1),
    operationId: recording.operationId,
    status: recording.status,
    durationMs: Math.round(recording.durationMs * 1000) / 1000,
    outcome: recording.finalOutcome,
    token: recording.token,
    requestHeaders: headersOf(recording.requestHeaders),
    requestBody: bodyOf(
      recording.requestBody,
      recording.requestBodyTruncated,
      recording.requestHeaders['content-type'],
    ),
    requestBodyTruncated: recording.requestBodyTruncated,
    responseHeaders: headersOf(recording.responseHeaders),
    responseBody:
      recording.events === null
        ? bodyOf(
            recording.responseBody,
            recording.responseBodyTruncated,
            recording.responseHeaders['content-type'],
          )
        : null,
    responseBodyTruncated: recording.responseBodyTruncated,
    events: recording.events?.map(eventOf) ?? null,
    eventsTruncated: recording.eventsTruncated,
    fault: recording.fault,
    chatFixtureId: recording.chatFixtureId,
  };
}
