import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from '../src/lib/curl.js';
import { journalEntry } from './entry.js';

describe('copy as curl', () => {
  it('replays a GET with its query and headers, the token as a placeholder, without host', () => {
    const command = curlCommand(journalEntry({ query: 'verbose=1' }), 'http://127.0.0.1:4010');
    expect(command).toBe(
      `curl 'http://127.0.0.1:4010/v1/agents/view/1?verbose=1' -H "authorization: Bearer $TOKEN" -H 'accept: application/json'`,
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
