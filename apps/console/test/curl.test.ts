import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from '../src/lib/curl.js';
import { journalEntry } from './entry.js';

/** The headers a browser's fetch() sends by itself, as the journal records them. */
const BROWSER_HEADERS = {
  host: '127.0.0.1:4010',
  connection: 'keep-alive',
  accept: '*/*',
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-dest': 'empty',
  'sec-ch-ua': '"Chromium";v="140"',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  origin: 'http://127.0.0.1:4010',
  referer: 'http://127.0.0.1:4010/app',
  'x-request-id': 'client-chosen-id',
};

describe('copy as curl', () => {
  it('replays a GET with its query, the token as a placeholder, and none of the browser’s headers', () => {
    const command = curlCommand(
      journalEntry({
        query: 'verbose=1',
        requestHeaders: { ...BROWSER_HEADERS, authorization: '[redacted]' },
      }),
      'http://127.0.0.1:4010',
    );
    expect(command).toBe(
      `curl 'http://127.0.0.1:4010/v1/agents/view/1?verbose=1' -H "authorization: Bearer $TOKEN"`,
    );
  });

  it('keeps what changes the answer: content type, idempotency key and the faults asked for', () => {
    const command = curlCommand(
      journalEntry({
        method: 'POST',
        path: '/v1/agents/create',
        requestHeaders: {
          ...BROWSER_HEADERS,
          'Content-Type': 'application/json',
          'idempotency-key': 'order-42',
          prefer: 'code=503, delay=200',
          authorization: '[redacted]',
        },
        requestBody: { name: 'a' },
      }),
      'http://h',
    );
    expect(command).toBe(
      `curl -X POST 'http://h/v1/agents/create' -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -H 'idempotency-key: order-42' -H 'prefer: code=503, delay=200' --data-raw '{"name":"a"}'`,
    );
  });

  it('sends no authorization header for a request that had none', () => {
    expect(curlCommand(journalEntry({ requestHeaders: BROWSER_HEADERS }), 'http://h')).toBe(
      `curl 'http://h/v1/agents/view/1'`,
    );
  });

  it('sends a POST body as its JSON text, quoted so the shell passes it unchanged', () => {
    const body = { message: "it's { fine }", n: 1 };
    const command = curlCommand(
      journalEntry({
        method: 'POST',
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: body,
      }),
      'http://h',
    );
    expect(command).toContain(`-X POST`);
    // The shell itself reads the quoted body back: what curl receives is the recorded JSON.
    const data = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length);
    expect(execFileSync('sh', ['-c', `printf %s ${data}`]).toString()).toBe(JSON.stringify(body));
  });

  it('asks curl not to buffer a streamed answer', () => {
    const command = curlCommand(journalEntry({ events: [] }), 'http://h');
    expect(command.endsWith('--no-buffer')).toBe(true);
  });
});
