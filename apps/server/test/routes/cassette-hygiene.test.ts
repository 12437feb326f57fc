/**
 * What a cassette folder may not do to the server that loads it, and what a recording may not keep:
 * a header value with CR or LF (which Node refuses to send, so replaying it answered a bare
 * `HTTP/1.1 500` without an envelope) stops start-up naming the file; a symbolic link is refused,
 * not followed, and neither it nor a file that is not JSON has its bytes quoted in the error; a
 * token in the query string is recorded `[redacted]` (with the configured names too) while the
 * target still gets it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { agent, type RunningApp, sendJson, startApp, startScriptedTarget } from '../helpers/proxy.js';
import { serverModule } from '../helpers/server-module.js';

const folders: string[] = [];
const folder = (prefix = 'cassettes-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'root:x:0:0:SECRET-BYTES-OF-ANOTHER-FILE';
/** The cassettes of `dir` in order (not a file still being written under its temporary name). */
const cassettes = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort();
let target: Awaited<ReturnType<typeof startScriptedTarget>>;
let recordDir: string;

async function record(path: string, env: Record<string, string> = {}): Promise<Record<string, any>> {
  const recorder: RunningApp = await startApp({
    PROXY_TARGET: target.baseUrl,
    PROXY_RECORD_DIR: recordDir,
    ...env,
  });
  try {
    const before = cassettes(recordDir).length;
    expect((await fetch(`${recorder.origin}${path}`, { headers: auth(TEST_TOKENS.all) })).status).toBe(200);
    for (let waited = 0; cassettes(recordDir).length === before && waited < 20_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await recorder.close();
  }
  const newest = cassettes(recordDir).at(-1) as string;
  return JSON.parse(readFileSync(join(recordDir, newest), 'utf8'));
}

beforeAll(async () => {
  target = await startScriptedTarget({
    'GET /v1/agents/view/1': (_request, response) =>
      sendJson(response, 200, { success: true, message: 'Agent found', data: agent }),
  });
  recordDir = folder();
});
afterAll(() => target.close());

/** Starts a replaying server on `dir`; the start-up error's message. */
async function startupError(dir: string): Promise<string> {
  const config = serverModule.loadConfig({ DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', REPLAY_DIR: dir });
  const started = await serverModule.build(config).then(
    async (app) => {
      await app.close();
      return undefined;
    },
    (error: Error) => error.message,
  );
  expect(started, 'start-up should have failed').toBeDefined();
  return started as string;
}

describe('recording redacts secrets in the query string', () => {
  it('records the usual token parameters and the configured ones as [redacted], forwarding them as sent', async () => {
    const query = 'access_token=s3cr3t-1&trace=1&Session_Id=s3cr3t-2&api%5Fkey=s3cr3t-3&token';
    const cassette = await record(`/v1/agents/view/1?${query}`, { RECORD_REDACT_QUERY: 'session_id' });
    expect(cassette.request.query).toBe(
      'access_token=[redacted]&trace=1&Session_Id=[redacted]&api%5Fkey=[redacted]&token=[redacted]',
    );
    const files = cassettes(recordDir).map((name) => readFileSync(join(recordDir, name), 'utf8'));
    expect(files.join('\n')).not.toMatch(/s3cr3t/);
    expect(target.received.at(-1)?.url).toBe(`/v1/agents/view/1?${query}`);
  });
});

describe('a cassette folder that cannot be replayed stops start-up', () => {
  const valid = () => {
    const dir = folder();
    cpSync(recordDir, dir, { recursive: true });
    return { dir, name: cassettes(dir)[0] as string };
  };

  it('a header value with CR or LF, naming the file and the header, not the value', async () => {
    const { dir, name } = valid();
    const cassette = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    cassette.response.headers['x-note'] = 'a\r\nset-cookie: injected=1';
    writeFileSync(join(dir, name), JSON.stringify(cassette));
    const message = await startupError(dir);
    expect(message).toContain(
      `${join(dir, name)}: cassette schema: /response/headers/x-note must match pattern`,
    );
    expect(message).not.toContain('injected');
  });

  it('a symbolic link, even to a valid cassette, never followed nor quoted', async () => {
    const { dir, name } = valid();
    const outside = folder('outside-');
    writeFileSync(join(outside, 'passwd'), `${SECRET}\n`);
    symlinkSync(join(outside, 'passwd'), join(dir, '0100-link.json'));
    symlinkSync(join(dir, name), join(dir, '0101-link-to-valid.json'));
    const message = await startupError(dir);
    expect(message).toContain(
      `${join(dir, '0100-link.json')}: a symbolic link: a cassette must be a regular file`,
    );
    expect(message).toContain(`${join(dir, '0101-link-to-valid.json')}: a symbolic link`);
    expect(message).not.toContain('SECRET');
    expect(message).not.toContain('root:');
  });

  it('a file that is not JSON, without quoting it', async () => {
    const { dir } = valid();
    writeFileSync(join(dir, '0102-notes.json'), SECRET);
    const message = await startupError(dir);
    expect(message).toMatch(new RegExp(`${join(dir, '0102-notes.json')}: not JSON`));
    expect(message).not.toContain('SECRET');
    expect(message).not.toContain('root');
  });
});
