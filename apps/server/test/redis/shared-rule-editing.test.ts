/**
 * Fault rules and chat fixtures edited, disabled and enabled through one of two instances sharing
 * a Redis, over real HTTP: the edit applies on the other from its next request, counts are the
 * deployment's, and edits of one rule through both instances at once all land (each is a compare
 * and set of the rule's text in Redis, tried again when another came first). The scenarios are
 * those of test/routes/admin-rule-editing.test.ts (helpers/rule-editing.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/admin-matrix-setup.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';
import {
  disableAndEditAFixture,
  disableAndEnableARule,
  editARule,
  editOnlyOwnRules,
  type Instances,
  refuseABadEdit,
} from '../helpers/rule-editing.js';
import { listeningInstances } from '../helpers/shared-instances.js';

let origins: string[] = [];
let close = async () => {};

beforeAll(async () => {
  const instances = await listeningInstances(2, { RATE_LIMIT_MAX: '100000' });
  origins = instances.origins;
  close = instances.close;
}, 60_000);

afterAll(() => close());

const across = (): Instances => ({ edit: origins[0] as string, call: origins[1] as string });

describe('PATCH /_admin/faults/{id} and /_admin/chat-fixtures/{id} on two instances sharing a Redis', () => {
  it('disables a rule through one, the other applies the next rule meanwhile, and enables it again', () =>
    disableAndEnableARule(across()));
  it('edits through one the fields given, the other applies them at once; a times at the count uses it up', () =>
    editARule(across()));
  it('refuses a bad edit, naming each bad field, and changes nothing on either', () =>
    refuseABadEdit(across()));
  it('lets an account’s admin edit its account’s rules and fixtures only', () => editOnlyOwnRules(across()));
  it('disables a fixture through one (the engine answers on the other), then edits and enables it', () =>
    disableAndEditAFixture(across()));

  it('keeps every field of edits made through both instances at once', async () => {
    const [one, two] = origins as [string, string];
    const operator = (origin: string, method: string, path: string, body?: unknown) =>
      call(origin, method, `/_admin${path}`, TEST_TOKENS.operator, body);
    for (let round = 0; round < 5; round++) {
      await operator(one, 'POST', '/reset');
      const added = await operator(one, 'POST', '/faults', { match: {}, fault: { code: 503 } });
      const { id } = (added.json as { data: { id: number } }).data;
      const edits = [
        [one, { match: { method: 'GET' } }],
        [two, { fault: { code: 502 } }],
        [one, { times: 7 }],
        [two, { probability: 0.5 }],
        [one, { enabled: false }],
      ] as const;
      const answers = await Promise.all(
        edits.map(([origin, patch]) => operator(origin, 'PATCH', `/faults/${id}`, patch)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      for (const origin of [one, two])
        expect((await operator(origin, 'GET', '/faults')).json).toMatchObject({
          data: {
            faults: [
              {
                id,
                match: { method: 'GET' },
                fault: { code: 502 },
                times: 7,
                probability: 0.5,
                enabled: false,
              },
            ],
          },
        });
    }
  }, 60_000);
});
