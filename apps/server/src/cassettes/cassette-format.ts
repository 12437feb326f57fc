/**
 * The cassette format's bodies and events (the admin contract's `Cassette`): written so that a
 * person can read and diff them, yet replayed byte for byte. An answer's body or an event's data is
 * kept as its JSON value only when writing that value back gives the very text received (compact
 * JSON, as the platform sends it); otherwise as text, or as base64 when it is not UTF-8. A request's
 * body is never sent again, only compared as JSON (canonical-body.ts), so it is kept as its JSON
 * value whenever it is JSON, whatever its spacing or escapes (Python's `json.dumps` writes `", "`
 * and `\uXXXX`).
 */
import type { CassetteBody, CassetteEvent } from '@assistant-platform/types/admin';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON value of `text` when it writes back to exactly `text`; undefined otherwise. */
function exactJson(text: string): { value: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return JSON.stringify(value) === text ? { value } : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON value of `text`, whatever its formatting; undefined when it is not JSON. */
function anyJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function bodyOf(bytes: Uint8Array | undefined, json: (text: string) => { value: unknown } | undefined) {
  if (bytes === undefined || bytes.length === 0) return null;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { base64: Buffer.from(bytes).toString('base64') };
  }
  const found = json(text);
  return found === undefined ? { text } : { json: found.value };
}

/** An answer's body, kept so that it replays byte for byte. */
export const cassetteBodyOf = (bytes: Uint8Array | undefined): CassetteBody | null =>
  bodyOf(bytes, exactJson);

/** A request's body: its JSON value whenever it is JSON. */
export const requestBodyOf = (bytes: Uint8Array | undefined): CassetteBody | null => bodyOf(bytes, anyJson);

/** A cassette body's bytes, as they were received. */
export function bytesOfBody(body: CassetteBody | null): Buffer {
  if (body === null) return Buffer.alloc(0);
  if ('json' in body) return Buffer.from(JSON.stringify(body.json));
  if ('text' in body && body.text !== undefined) return Buffer.from(body.text);
  return Buffer.from(body.base64 ?? '', 'base64');
}

export function cassetteEventOf(atMs: number, event: string | undefined, data: string): CassetteEvent {
  const json = exactJson(data);
  return {
    atMs: Math.round(atMs * 10) / 10,
    ...(event === undefined ? {} : { event }),
    ...(json === undefined ? { data } : { json: json.value }),
  };
}

/** An event's `data:` text. */
export const dataOf = (event: CassetteEvent): string =>
  'json' in event ? JSON.stringify(event.json) : (event.data ?? '');

/** An event as Server-Sent Events text: its `event:` line, a `data:` line per line of data, a blank line. */
export function eventText(event: string | undefined, data: string): string {
  const lines = data
    .split('\n')
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${event === undefined ? '' : `event: ${event}\n`}${lines}\n`;
}
