/**
 * The admin matrix (helpers/admin-matrix.ts) on two instances sharing a Redis and one database:
 * both accounts' records are made through one instance, every admin operation is called through
 * the other, so its answers come from the journal, rules and fixtures the two share, each entry,
 * rule and fixture carrying its account for the instance to filter by.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CALLERS, MATRIX_ENV, MATRIX_OPERATIONS, type Origins, runCell } from '../helpers/admin-matrix.js';
import { listeningInstances } from '../helpers/shared-instances.js';

let origins: Origins | undefined;
let close = async () => {};

beforeAll(async () => {
  const instances = await listeningInstances(2, MATRIX_ENV);
  origins = { setup: instances.origins[0] as string, call: instances.origins[1] as string };
  close = instances.close;
}, 60_000);

afterAll(() => close());

describe('the admin API’s matrix on two instances sharing a Redis', () => {
  describe.each(MATRIX_OPERATIONS)('%s', (operationId) => {
    it.each(CALLERS)('as %s', (caller) => runCell(origins as Origins, operationId, caller), 60_000);
  });
});
