/**
 * The proxy and replay modes through the built CLI (the bundle users run): `proxy --target
 * --record` forwards, logs each contract violation as one warning line and records; `serve
 * --replay` answers from what it recorded; a cassette the contract refuses stops `serve` with the
 * file and the rule named; `proxy` without a target says what it needs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/testing.js';
import { ensureBuilt, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-proxy-cli-'));
const cassettes = join(dir, 'cassettes');
const env = { DATABASE_URL: ':memory:', LOG_FORMAT: 'json', ASSISTANT_DEV_TOKEN: 'proxy-dev-token' };
let target: Awaited<ReturnType<typeof startReferenceServer>>;

beforeAll(async () => {
  ensureBuilt();
  target = await startReferenceServer();
}, 120_000);
afterEach(stopAllServers);
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy and replay through the built CLI', { timeout: 60_000 }, () => {
  it('proxy --target --record forwards, logs each violation on one warning line and records', async () => {
    const proxy = await startCli(['--target', target.baseUrl, '--record', cassettes], env, {
      command: 'proxy',
    });
    expect(proxy.output()).toContain(
      `validation proxy listening on ${proxy.origin}/v1, forwarding to ${target.baseUrl}`,
    );
    expect(proxy.output()).toContain(`Recording a cassette per exchange in ${cassettes}`);
    const answer = await fetch(`${proxy.origin}/v1/agents/view/1`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
    });
    expect(answer.status).toBe(200);
    expect((await fetch(`${proxy.origin}/v1/agents/view/1`)).status).toBe(401);
    await expect.poll(() => proxy.output()).toContain('contract violation (request-authorization)');
    const lines = proxy
      .output()
      .split('\n')
      .filter((line) => line.includes('contract violation'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 40, rule: 'request-authorization' });
    await expect.poll(() => readdirSync(cassettes).filter((name) => name.endsWith('.json'))).toHaveLength(2);
  });

  it('serve --replay answers from the recorded cassettes, and says how many it loaded', async () => {
    const replay = await startCli(['--replay', cassettes, '--replay-miss', 'error'], env);
    expect(replay.output()).toMatch(
      /Replaying 2 cassettes from .*cassettes \(a request none matches: 501; streams at 1× their recorded timing\)/,
    );
    const recorded = JSON.parse(readFileSync(join(cassettes, '0001-get-agents-view-1.json'), 'utf8'));
    const answer = await fetch(`${replay.origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer proxy-dev-token' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(JSON.stringify(recorded.response.body.json));
    expect(
      (
        await fetch(`${replay.origin}/v1/agents/view/2`, {
          headers: { authorization: 'Bearer proxy-dev-token' },
        })
      ).status,
    ).toBe(501);
  });

  it('serve --replay stops at start-up on a cassette the contract refuses, naming the file and the rule', () => {
    const cassette = JSON.parse(readFileSync(join(cassettes, '0001-get-agents-view-1.json'), 'utf8'));
    cassette.response.body.json.message = 'Agent found';
    const folder = mkdtempSync(join(dir, 'broken-'));
    writeFileSync(join(folder, '0001-get-agents-view-1.json'), JSON.stringify(cassette));
    const result = runCli(['serve', '--port', '0', '--replay', folder], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `${join(folder, '0001-get-agents-view-1.json')}: response-body: the body does not match GetAgentResponse: /message`,
    );
  });

  it('proxy without a target says what it needs', () => {
    const result = runCli(['proxy', '--port', '0'], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'proxy needs a target: --target https://api.example.com/v1 (or PROXY_TARGET)',
    );
    const bad = runCli(['proxy', '--target', 'http://127.0.0.1:1/api'], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/PROXY_TARGET: must end in \/v1/);
  });
});
