/**
 * On a main thread (a server's event loop) the generator's patterns run on RE2, in linear time: a
 * pattern RE2 cannot run is a 400, and a backtracking pattern cannot stall the thread. These suites run
 * in worker threads (as the engines do in the server), so this one asks a fresh Node process, on the
 * built package.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { withSchema } from './helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const ANSWER_ON_MAIN_THREAD = `
const { createLocalEmbeddingEngine } = await import('./dist/local-embeddings/index.js');
const { createReferenceChatEngine } = await import('./dist/reference-chat/index.js');
const engine = createReferenceChatEngine({ embeddings: createLocalEmbeddingEngine() });
const options = { signal: new AbortController().signal, requestId: 'main-thread' };
const outcomes = [];
for (const request of JSON.parse(process.argv[1])) {
  outcomes.push(
    await engine.complete(request, options).then(
      (answer) => ({ status: 200, content: answer.content }),
      (error) => ({ status: error.status, issues: error.details?.issues }),
    ),
  );
}
console.log(JSON.stringify(outcomes));
`;

async function answerOnMainThread(schemas: object[]) {
  const requests = JSON.stringify(schemas.map((schema) => withSchema(schema)));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', ANSWER_ON_MAIN_THREAD, requests],
    { cwd: ROOT },
  );
  return JSON.parse(stdout);
}

describe('structured output on a main thread', () => {
  test('refuses a pattern RE2 cannot run, matches a backtracking one in linear time, answers the rest', async () => {
    const [lookahead, backtracking, plain] = await answerOnMainThread([
      { type: 'string', pattern: '^(?!admin)[a-z]{3,8}$' },
      // A backtracking engine tries some 2^40 ways to match this const before rejecting it: hours.
      { type: 'string', pattern: '^(a+)+$', const: `${'a'.repeat(40)}!` },
      { type: 'object', properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } }, required: ['zip'] },
    ]);
    expect(lookahead).toEqual({
      status: 400,
      issues: [
        {
          path: '/response_format/json_schema/schema',
          message: expect.stringContaining('cannot be matched in linear time'),
        },
      ],
    });
    expect(backtracking).toEqual({
      status: 400,
      issues: [
        {
          path: '/response_format/json_schema/schema/const',
          message: 'no enum or const value satisfies the other constraints',
        },
      ],
    });
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.content).zip).toMatch(/^[0-9]{5}$/);
  }, 120_000);
});
