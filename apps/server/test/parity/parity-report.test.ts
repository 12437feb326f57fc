/**
 * The parity check against real servers over HTTP: a reference server standing in for the hosted
 * service, and the same behind a server that breaks one answer on purpose. Each deviation must be
 * reported once, in its step, with its kind, in the text report and the JSON one alike, and the side
 * breaking the contract named. The check runs as the CLI runs it (its local reference server
 * started in-process), without spawning it; test/parity/parity-cli.test.ts drives the built CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parityCommand } from '../../src/cli/parity-command.js';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import type { ParityReport } from '../../src/parity/report.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';
import { type Deviation, editJson, startDeviatingServer } from './deviating-server.js';

let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReferenceServer();
});
afterAll(() => reference.close());

/** The check against `target` (the test seed's workspace 7 and transcription 42), as text and as JSON. */
async function parity(
  target: string,
  flags: Record<string, string> = { workspaceId: '7', transcriptionId: '42' },
) {
  const run = async (json: boolean) => {
    let out = '';
    let error = '';
    const code = await parityCommand(
      {},
      { target, token: TEST_TOKENS.all, ...flags, json },
      { out: (text) => (out += text), error: (text) => (error += text) },
    );
    return { code, out, error };
  };
  const text = await run(false);
  const json = await run(true);
  expect(json.code).toBe(text.code);
  return {
    code: text.code,
    text: text.out,
    report: JSON.parse(json.out) as ParityReport,
    stderr: text.error + json.error,
  };
}

/** Every difference of the report, with its step. */
const differencesOf = (report: ParityReport) =>
  report.steps.flatMap((step) => step.differences.map((difference) => ({ step: step.step, ...difference })));

async function againstDeviation(deviate: Deviation) {
  const deviating = await startDeviatingServer(reference.baseUrl, deviate);
  try {
    return await parity(deviating.baseUrl);
  } finally {
    await deviating.close();
  }
}

describe('parity of a reference server', { timeout: 60_000 }, () => {
  it('finds no difference with another reference server: exit 0, every step run on both sides', async () => {
    const { code, text, report, stderr } = await parity(reference.baseUrl);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.target).toBe(reference.baseUrl);
    expect(report.local).toBe('in-process reference server');
    expect(report.steps.map((step) => [step.step, step.target.status, step.local.status])).toEqual([
      ['create-agent', 201, 201],
      ['get-agent-by-id', 200, 200],
      ['get-agent-by-reference', 200, 200],
      ['chat-plain', 200, 200],
      ['chat-stream', 200, 200],
      ['chat-structured', 200, 200],
      ['transcription-edit', 200, 200],
      ['embeddings', 200, 200],
      ['error-unknown-agent', 404, 404],
      ['error-bad-body', 400, 400],
      ['error-missing-token', 401, 401],
    ]);
    expect(differencesOf(report)).toEqual([]);
    expect(report.steps.flatMap((step) => [...step.target.contract, ...step.local.contract])).toEqual([]);
    expect(text).toMatch(/^ok {4}chat-stream {15}200 \| 200 {3}POST \/agents\/chat\/request \(stream\)$/m);
    expect(text).toContain('No differences in 11 steps; both sides keep the contract.');
    expect(text).not.toContain(TEST_TOKENS.all);
  });

  it('reports the transcription edit as skipped, not passed, without a workspace', async () => {
    const { code, text, report } = await parity(reference.baseUrl, {});
    expect(code).toBe(0);
    const edit = report.steps.find((step) => step.step === 'transcription-edit');
    expect(edit?.skipped).toContain('--workspace-id');
    expect(edit?.target.status).toBeNull();
    expect(report.summary.skipped).toBe(1);
    expect(text).toMatch(/^skip {2}transcription-edit/m);
    expect(text).toContain('1 step skipped.');
  });
});

interface DeviationCase {
  name: string;
  deviate: Deviation;
  step: string;
  kind: string;
  path: string;
  target: string;
  local: string;
  /** Where the target's answer breaks the contract (the local server never does). */
  contract: string[];
}

const isPlainChat = ({ path, requestBody }: Parameters<Deviation>[0]) =>
  path === '/agents/chat/request' &&
  requestBody?.stream === false &&
  requestBody.response_format === undefined;

const cases: DeviationCase[] = [
  {
    name: 'a different envelope key (result instead of data)',
    deviate: (x) =>
      x.method === 'PATCH'
        ? {
            body: editJson(x.body, (envelope) => {
              envelope.result = envelope.data;
              delete envelope.data;
            }),
          }
        : undefined,
    step: 'transcription-edit',
    kind: 'envelope',
    path: '/',
    target: 'keys message, result, success',
    local: 'keys data, message, success',
    contract: ['/data', '/result'],
  },
  {
    name: 'a missing field (the chat result without model)',
    deviate: (x) =>
      isPlainChat(x)
        ? { body: editJson(x.body, (envelope) => delete (envelope.data as Record<string, unknown>).model) }
        : undefined,
    step: 'chat-plain',
    kind: 'shape',
    path: '/data/model',
    target: 'absent',
    local: 'string',
    contract: ['/data/model'],
  },
  {
    name: 'a wrong status (200 for a created agent)',
    deviate: (x) => (x.status === 201 ? { status: 200 } : undefined),
    step: 'create-agent',
    kind: 'status',
    path: 'status',
    target: '200',
    local: '201',
    contract: ['status'],
  },
  {
    name: 'a different vector dimension (256 instead of 384)',
    deviate: (x) =>
      x.path === '/vectors/embedding'
        ? {
            body: editJson(x.body, (envelope) => {
              const data = envelope.data as { embeddings: number[][] };
              data.embeddings = data.embeddings.map((vector) => vector.slice(0, 256));
            }),
          }
        : undefined,
    step: 'embeddings',
    kind: 'dimension',
    path: '/data/embeddings/*',
    target: 'length 256',
    local: 'length 384',
    contract: [],
  },
  {
    name: 'a missing declared header (no x-request-id on a 404)',
    deviate: (x) => {
      if (x.status !== 404) return undefined;
      const { 'x-request-id': _, ...headers } = x.headers;
      return { headers };
    },
    step: 'error-unknown-agent',
    kind: 'header',
    path: 'x-request-id',
    target: 'absent',
    local: 'present',
    contract: [],
  },
  {
    name: 'a stream without data: [DONE]',
    deviate: (x) =>
      x.headers['content-type']?.startsWith('text/event-stream')
        ? { body: x.body.replace('data: [DONE]\n\n', '') }
        : undefined,
    step: 'chat-stream',
    kind: 'stream',
    path: 'end',
    target: 'cut (neither data: [DONE] nor event: error)',
    local: 'data: [DONE]',
    contract: ['/events'],
  },
];

describe('parity against a server that deviates on purpose', { timeout: 60_000 }, () => {
  it.each(cases)('reports $name once, in step $step, as $kind', async (c) => {
    const { code, text, report } = await againstDeviation(c.deviate);
    expect(code).toBe(1);
    expect(report.ok).toBe(false);

    // JSON: the one difference, and the target alone breaking the contract, in that step only.
    expect(differencesOf(report)).toEqual([
      { step: c.step, kind: c.kind, path: c.path, target: c.target, local: c.local },
    ]);
    const broken = report.steps.filter((step) => step.target.contract.length > 0).map((step) => step.step);
    expect(broken).toEqual(c.contract.length > 0 ? [c.step] : []);
    const step = report.steps.find((s) => s.step === c.step);
    expect(step?.target.contract.map((issue) => issue.path).sort()).toEqual(c.contract);
    expect(report.steps.flatMap((s) => s.local.contract)).toEqual([]);
    expect(report.summary).toMatchObject({
      differences: 1,
      stepsWithDifferences: 1,
      contractBroken: { target: c.contract.length > 0 ? 1 : 0, local: 0 },
    });

    // Text: one step marked, the difference under it, the contract issues named by side.
    expect(text.match(/^DIFF .*$/gm)).toEqual([expect.stringMatching(new RegExp(`^DIFF  ${c.step} `))]);
    const under = text.split(/^DIFF .*$/m)[1]?.split(/^\S/m)[0] ?? '';
    expect(under).toContain(
      `${c.kind.padEnd(11)}${c.path.padEnd(36)} target: ${c.target}; local: ${c.local}`,
    );
    for (const path of c.contract) expect(under).toContain(`contract   target ${path}`);
    expect(under).not.toContain('contract   local');
    expect(text).toContain('1 difference in 1 of 11 steps;');
  });

  it('never prints the token, even when the target echoes it', async () => {
    const { text, report, code } = await againstDeviation((x) =>
      x.status === 404
        ? { body: JSON.stringify({ success: false, message: `No agent for ${x.authorization}` }) }
        : undefined,
    );
    expect(code).toBe(1);
    expect(differencesOf(report)).toEqual([
      expect.objectContaining({ step: 'error-unknown-agent', kind: 'envelope', path: '/message' }),
    ]);
    expect(text).toContain('"No agent for Bearer [token]"');
    expect(JSON.stringify(report)).toContain('No agent for Bearer [token]');
    expect(text + JSON.stringify(report)).not.toContain(TEST_TOKENS.all);
  });
});
