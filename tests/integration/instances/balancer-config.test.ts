/**
 * The balancer's answers are written once, as files (deploy/errors/*.http, whole HTTP answers
 * HAProxy sends as they are): each must be the platform's envelope of its status, as the types
 * package states it, with a correct length, and deploy/haproxy.cfg must use every one. No haproxy
 * is needed to check them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorEnvelope, isErrorStatus } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';

const deploy = (path: string) => fileURLToPath(new URL(`../../../deploy/${path}`, import.meta.url));
const files = readdirSync(deploy('errors')).filter((name) => name.endsWith('.http'));

describe('the balancer’s error answers (deploy/errors)', () => {
  it('are used by deploy/haproxy.cfg, one per status HAProxy may answer on its own', () => {
    const config = readFileSync(deploy('haproxy.cfg'), 'utf8');
    const used = [...config.matchAll(/^\s*errorfile (\d{3}) errors\/(\d{3})\.http$/gm)];
    expect(used.map(([, status, file]) => `${status}:${file}`)).toEqual(
      ['500', '502', '503', '504'].map((status) => `${status}:${status}`),
    );
    expect(files.sort()).toEqual(['500.http', '502.http', '503.http', '504.http']);
  });

  it.each(files)('%s is the envelope of its status, as JSON with a correct length', (file) => {
    const raw = readFileSync(deploy(`errors/${file}`), 'utf8');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [statusLine, ...fields] = head.split('\r\n');
    const status = Number(file.slice(0, 3));
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const headers = Object.fromEntries(
      fields.map((field) => [
        field.slice(0, field.indexOf(':')).toLowerCase(),
        field.slice(field.indexOf(':') + 1).trim(),
      ]),
    );
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(isErrorStatus(status)).toBe(true);
    if (isErrorStatus(status)) expect(JSON.parse(body)).toEqual(errorEnvelope(status));
    expect(headers['retry-after']).toBe(status === 503 ? '1' : undefined);
  });
});
