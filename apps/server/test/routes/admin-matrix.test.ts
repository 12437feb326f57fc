/**
 * Every admin operation × {account 1's admin, account 2's admin, the operator, a platform token,
 * no token}, over real HTTP on one server (on SQLite, and on PostgreSQL in `server:postgres`):
 * each caller gets what its kind of administration allows, and an account's admin never sees
 * the other account's records. See helpers/admin-matrix.ts.
 */
import { describe, expect, it } from 'vitest';
import { CALLERS, MATRIX, MATRIX_ENV, MATRIX_OPERATIONS, runCell } from '../helpers/admin-matrix.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const origin = useListeningTestApp(MATRIX_ENV);

describe('the admin API’s matrix on one server', () => {
  it('has a row for every admin operation', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...MATRIX_OPERATIONS].sort());
  });

  describe.each(MATRIX_OPERATIONS)('%s', (operationId) => {
    it.each(CALLERS)(
      'as %s',
      (caller) => runCell({ setup: origin(), call: origin() }, operationId, caller),
      60_000,
    );
  });
});
