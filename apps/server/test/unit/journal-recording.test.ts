import type { ServerResponse } from 'node:http';
import type { AppliedFault } from '@assistant-platform/types/admin';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { journalEntryOf } from '../../src/admin/journal-entry.js';
import { JournalRecording, MAX_EVENTS } from '../../src/admin/journal-recording.js';
import { JournalSlot } from '../../src/admin/journal-slot.js';

/** The parts of a response a recording reads, writes passing through to `written`. */
function fakeResponse(
  state: { headersSent?: boolean; writableEnded?: boolean; statusCode?: number; _header?: string } = {},
) {
  const written: unknown[] = [];
  const response = {
    headersSent: true,
    writableEnded: true,
    statusCode: 200,
    _header: 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n',
    ...state,
    write(chunk: unknown) {
      written.push(chunk);
      return true;
    },
    end(chunk?: unknown) {
      if (chunk !== undefined) written.push(chunk);
      return this;
    },
  };
  return { response: response as unknown as ServerResponse, written };
}

/** A recording of a POST chat with a bearer token, answered through `response`. */
function recordingOf(response: ServerResponse, eventsMaxBytes = 1_000_000): JournalRecording {
  const request = {
    id: 'req-1',
    method: 'POST',
    url: '/v1/agents/chat/request',
    raw: { rawHeaders: ['Content-Type', 'application/json', 'Authorization', 'Bearer secret-token'] },
  } as unknown as FastifyRequest;
  return new JournalRecording(request, response, 'chatRequest', eventsMaxBytes);
}

type Auth = { tokenId: number; accountId: number; tokenName: string; tokenHash: string; scopes: string[] };

/** The journal's slot filled from a finished recording, as the journal does when the answer ends. */
function finished(entry: JournalRecording, auth: Auth | null = null, fault: AppliedFault | null = null) {
  const slot = new JournalSlot();
  slot.fill(1, entry, auth, fault, 100);
  return journalEntryOf(slot);
}

describe('a journal recording', () => {
  it('keeps a stream’s events as written, at most 1000, and says when there were more', () => {
    const { response, written } = fakeResponse();
    const entry = recordingOf(response);
    entry.streamed(response);
    response.write('event: error\ndata: {"a":1}\n\ndata: first ');
    response.write(Buffer.from('half\n\n'));
    for (let i = 0; i < MAX_EVENTS + 5; i++) response.write(`data: ${i}\n\n`);
    response.end();
    const shown = finished(entry);
    expect(shown.events?.slice(0, 3)).toEqual([
      { atMs: expect.any(Number), event: 'error', data: '{"a":1}' },
      { atMs: expect.any(Number), event: null, data: 'first half' },
      { atMs: expect.any(Number), event: null, data: '0' },
    ]);
    expect(shown.events).toHaveLength(MAX_EVENTS);
    expect(shown.eventsTruncated).toBe(true);
    expect(shown.responseBody).toBeNull();
    expect(shown.responseHeaders).toEqual({ 'content-type': 'application/json' });
    expect(written).toHaveLength(MAX_EVENTS + 7);
  });

  it('keeps no more of a stream’s event text than the journal keeps of a body', () => {
    const { response } = fakeResponse();
    const entry = recordingOf(response, 1000);
    entry.streamed(response);
    const event = `data: ${'x'.repeat(94)}`;
    for (let i = 0; i < 50; i++) response.write(`${event}\n\n`);
    // An event that never ends is not held whole either.
    response.write(`data: ${'y'.repeat(5000)}`);
    response.end();
    const shown = finished(entry);
    expect(shown.events).toHaveLength(10);
    expect(shown.eventsTruncated).toBe(true);
  });

  it('drops an unfinished event longer than the limit', () => {
    const { response } = fakeResponse();
    const entry = recordingOf(response, 1000);
    entry.streamed(response);
    response.write('data: short\n\n');
    response.write(`data: ${'y'.repeat(5000)}`);
    response.write('\n\n');
    response.end();
    const shown = finished(entry);
    expect(shown.events?.map((event) => event.data)).toEqual(['short']);
    expect(shown.eventsTruncated).toBe(true);
  });

  it('reads a character split across two writes whole, and dates each event by the write that ended it', () => {
    const { response } = fakeResponse();
    const entry = recordingOf(response);
    entry.streamed(response);
    const bytes = Buffer.from('data: café\n\n');
    const split = bytes.indexOf(0xc3) + 1;
    response.write(bytes.subarray(0, split));
    response.write(bytes.subarray(split));
    response.end();
    const shown = finished(entry);
    expect(shown.events?.map((event) => event.data)).toEqual(['café']);
    expect(shown.eventsTruncated).toBe(false);
  });

  it('keeps a stream written as text, characters of any width, each event with its own write’s time', () => {
    const { response } = fakeResponse();
    const entry = recordingOf(response);
    entry.streamed(response);
    const texts = ['data: café ', '😀\n\n', 'data: naïve\n\ndata: ', 'plain\n\n'];
    for (const text of texts) response.write(text);
    response.end('data: \ud800x\n\n');
    const slot = new JournalSlot();
    slot.fill(1, entry, null, null, 100);
    const stream = slot.streamEvents();
    expect(stream?.events.map((event) => event.text)).toEqual([
      'data: café 😀',
      'data: naïve',
      'data: plain',
      'data: \ufffdx',
    ]);
    expect(stream?.truncated).toBe(false);
    // Each event has the time of the write that ended it, and the writes' times only grow.
    const times = stream?.events.map((event) => event.atMs) ?? [];
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('keeps a bounded number of writes of a stream that writes a byte at a time', () => {
    const { response } = fakeResponse();
    const entry = recordingOf(response);
    entry.streamed(response);
    for (let i = 0; i < 5000; i++) for (const byte of `data: ${i % 10}\n\n`) response.write(byte);
    response.end();
    const shown = finished(entry);
    // 4000 writes kept, 9 an event: 444 whole events, then the rest is said to be missing.
    expect(shown.events).toHaveLength(444);
    expect(shown.events?.[443]).toMatchObject({ data: '3' });
    expect(shown.eventsTruncated).toBe(true);
  });

  it('shows what other stages set on it: the fault, the fixture and how a fault ended the exchange', () => {
    const entry = recordingOf(fakeResponse({ headersSent: false, writableEnded: false }).response);
    const fault: AppliedFault = { source: 'rule', ruleId: 3, fault: { reset: true } };
    entry.chatFixtureId = 7;
    entry.outcome = 'reset';
    entry.requestBody = Buffer.from('{"stream":false}');
    expect(finished(entry, null, fault)).toMatchObject({
      status: null,
      outcome: 'reset',
      fault: { source: 'rule', ruleId: 3, fault: { reset: true } },
      chatFixtureId: 7,
      requestBody: { stream: false },
      requestHeaders: { authorization: '[redacted]', 'content-type': 'application/json' },
    });
  });

  it('tells an answer the client did not wait for', () => {
    const entry = recordingOf(fakeResponse({ writableEnded: false }).response);
    const auth = { tokenId: 4, accountId: 1, tokenName: 'ci', tokenHash: 'h', scopes: ['*'] };
    expect(finished(entry, auth)).toMatchObject({
      status: 200,
      outcome: 'client-closed',
      token: { name: 'ci' },
    });
  });

  it('shows a non-JSON answer as text, and the headers as written, lower-cased and repeated ones joined', () => {
    const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nset-cookie: a=1\r\nset-cookie: b=2\r\n\r\n';
    const entry = recordingOf(fakeResponse({ _header: head }).response);
    entry.answered('plain words');
    const shown = finished(entry);
    expect(shown).toMatchObject({
      requestId: 'req-1',
      method: 'POST',
      path: '/v1/agents/chat/request',
      operationId: 'chatRequest',
      responseBody: 'plain words',
      responseHeaders: { 'content-type': 'text/plain', 'set-cookie': 'a=1, b=2' },
    });
    expect(shown.status).toBe(200);
  });
});
