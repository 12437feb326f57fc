import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { journalEntryOf } from '../../src/admin/journal-entry.js';
import { JournalRecording, MAX_EVENTS } from '../../src/admin/journal-recording.js';

/** The parts of a response a recording reads, writes passing through to `written`. */
function fakeResponse(state: { headersSent?: boolean; writableEnded?: boolean; statusCode?: number } = {}) {
  const written: unknown[] = [];
  const response = {
    headersSent: true,
    writableEnded: true,
    statusCode: 200,
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

const recording = () =>
  new JournalRecording('req-1', 'POST', '/v1/agents/chat/request', 'chatRequest', {
    'content-type': 'application/json',
    authorization: 'Bearer secret-token',
  });

describe('a journal recording', () => {
  it('keeps a stream’s events as written, at most 1000, and says when there were more', () => {
    const entry = recording();
    const { response, written } = fakeResponse();
    entry.streamed(response);
    response.write('event: error\ndata: {"a":1}\n\ndata: first ');
    response.write(Buffer.from('half\n\n'));
    for (let i = 0; i < MAX_EVENTS + 5; i++) response.write(`data: ${i}\n\n`);
    response.end();
    entry.finished(response, { 'content-type': 'text/event-stream' }, null, 100);
    const shown = journalEntryOf(entry);
    expect(shown.events?.slice(0, 3)).toEqual([
      { atMs: expect.any(Number), event: 'error', data: '{"a":1}' },
      { atMs: expect.any(Number), event: null, data: 'first half' },
      { atMs: expect.any(Number), event: null, data: '0' },
    ]);
    expect(shown.events).toHaveLength(MAX_EVENTS);
    expect(shown.eventsTruncated).toBe(true);
    expect(shown.responseBody).toBeNull();
    expect(written).toHaveLength(MAX_EVENTS + 7);
  });

  it('shows what other stages set on it: the fault, the fixture and how a fault ended the exchange', () => {
    const entry = recording();
    entry.fault = { source: 'rule', ruleId: 3, fault: { reset: true } };
    entry.chatFixtureId = 7;
    entry.outcome = 'reset';
    entry.requestBody = Buffer.from('{"stream":false}');
    entry.finished(fakeResponse({ headersSent: false, writableEnded: false }).response, {}, null, 100);
    expect(journalEntryOf(entry)).toMatchObject({
      status: null,
      outcome: 'reset',
      fault: { source: 'rule', ruleId: 3, fault: { reset: true } },
      chatFixtureId: 7,
      requestBody: { stream: false },
      requestHeaders: { authorization: '[redacted]', 'content-type': 'application/json' },
    });
  });

  it('tells an answer the client did not wait for', () => {
    const entry = recording();
    entry.finished(fakeResponse({ writableEnded: false }).response, {}, { name: 'ci', accountId: 1 }, 100);
    expect(journalEntryOf(entry)).toMatchObject({
      status: 200,
      outcome: 'client-closed',
      token: { name: 'ci' },
    });
  });

  it('shows a non-JSON answer as text and header lists joined', () => {
    const entry = recording();
    entry.answered('plain words');
    entry.finished(
      fakeResponse().response,
      { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'], 'content-length': 11 },
      null,
      100,
    );
    expect(journalEntryOf(entry)).toMatchObject({
      responseBody: 'plain words',
      responseHeaders: { 'set-cookie': 'a=1, b=2', 'content-length': '11' },
    });
  });
});
