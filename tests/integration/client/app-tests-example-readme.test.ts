/**
 * The server README shows `app-tests-example.test.ts` as a product team's suite: the README's code
 * block must be that file (after its header comment), so the example a reader copies is the one
 * that runs.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

it('the server README shows app-tests-example.test.ts as it is', () => {
  const example = read('./app-tests-example.test.ts');
  const body = example.slice(example.indexOf('*/\n') + 3).trimStart();
  const readme = read('../../../apps/server/README.md');
  const block = /```ts\n(import \{ APIConnectionError[\s\S]*?)```\n/.exec(readme)?.[1];
  expect(block).toBe(body);
});
