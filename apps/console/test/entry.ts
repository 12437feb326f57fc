import type { JournalEntry } from '@assistant-platform/types/admin';

/** A journal entry as the server records a plain GET agent; `extra` replaces its fields. */
export function journalEntry(extra: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 1,
    requestId: 'req-1',
    at: '2026-01-02T03:04:05.000Z',
    method: 'GET',
    path: '/v1/agents/view/1',
    query: '',
    operationId: 'getAgent',
    status: 200,
    durationMs: 3.2,
    outcome: 'answered',
    token: { name: 'all', accountId: 1 },
    requestHeaders: { host: '127.0.0.1:4010', authorization: '[redacted]', accept: 'application/json' },
    requestBody: null,
    requestBodyTruncated: false,
    responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
    responseBody: { success: true },
    responseBodyTruncated: false,
    events: null,
    eventsTruncated: false,
    fault: null,
    chatFixtureId: null,
    violations: null,
    replay: null,
    spans: [
      { stage: 'auth', name: 'auth', startMs: 0.4, durationMs: 0.3 },
      { stage: 'db', name: 'db', startMs: 1, durationMs: 0.5 },
    ],
    ...extra,
  };
}

/** The `data:` of a streamed chat's event that adds `content` (the contract's ChatStreamChunk). */
export function chatChunk(content: string | undefined, finishReason: string | null = null): string {
  return JSON.stringify({
    object: 'chat.request.chunk',
    created: 1,
    model: 'm',
    request: [
      {
        index: 0,
        delta: content === undefined ? {} : { content },
        finish_reason: finishReason,
        matched_stop: null,
      },
    ],
  });
}
