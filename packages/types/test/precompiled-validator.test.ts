/**
 * A component schema's validator compiled ahead of time (`standaloneSource`) and given back as
 * `precompiled` answers as the one `check` compiles at run time: the same issues, the same words.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adminContract } from '../src/admin.js';
import { ContractValidator, type PrecompiledValidator } from '../src/validation/index.js';

// Inside the package, so the module's imports (Ajv's run-time helpers) resolve as they do for a build.
const folder = mkdtempSync(join(import.meta.dirname, '.precompiled-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function precompiled(
  validator: ContractValidator<string>,
  name: string,
): Promise<PrecompiledValidator> {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, validator.standaloneSource(name));
  return (await import(pathToFileURL(file).href)).validate;
}

const states: [string, unknown][] = [
  [
    'a valid state',
    { accounts: [{ id: 1, name: 'Acme' }], tokens: [{ token: 't', accountId: 1, scopes: ['*'] }] },
  ],
  ['an empty one', {}],
  ['not an object', [1, 2]],
  [
    'bad entries everywhere',
    {
      accounts: [{ id: 0, name: '' }, { name: 'No id' }],
      tokens: [{ accountId: 'one', scopes: ['nope'] }],
      agents: [{ id: 1, accountId: 1, name: 'x'.repeat(300), instruction: 3, status: 'SLEEPING' }],
      transcriptions: [{ id: 1, workspaceId: 1, filename: 'a.mp3', status: 'LOST' }],
      extra: true,
    },
  ],
];

describe('a precompiled validator', () => {
  it('answers every document as the validator compiled at run time does', async () => {
    const runtime = new ContractValidator(adminContract);
    const ahead = new ContractValidator(adminContract, {}, { State: await precompiled(runtime, 'State') });
    for (const [, state] of states)
      expect(ahead.check('State', state)).toEqual(runtime.check('State', state));
    expect(runtime.check('State', states[3]?.[1]).issues.length).toBeGreaterThan(5);
  });

  it('is refused for a schema that uses a format of the contract’s own', () => {
    const validator = new ContractValidator(adminContract, {
      re2: { validate: () => true, message: 'must be an RE2 regular expression' },
    });
    expect(() => validator.standaloneSource('ChatFixture')).toThrow(/ChatFixture uses the format re2/);
  });
});
