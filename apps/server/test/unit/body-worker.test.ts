import { describe, expect, it } from 'vitest';
import validateBodyTask from '../../src/pipeline/body/body-worker.js';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the body worker', () => {
  it('validates an admin body against the admin contract', () => {
    const operation = { contract: 'admin', operationId: 'importState' } as const;
    expect(
      validateBodyTask({ operation, bytes: bytes({ agents: [{ name: 'a' }] }), chatModels: [] }),
    ).toEqual({ ok: false, issues: [{ path: '/agents/0/instruction', message: 'is required' }] });
    const state = { accounts: [{ id: 1, name: 'Acme' }] };
    expect(validateBodyTask({ operation, bytes: bytes(state), chatModels: [] })).toEqual({
      ok: true,
      value: state,
    });
  });

  it('still validates a platform body against the platform contract', () => {
    const operation = { contract: 'platform', operationId: 'createAgent' } as const;
    expect(validateBodyTask({ operation, bytes: bytes({ name: 'a' }), chatModels: [] })).toEqual({
      ok: false,
      issues: [{ path: '/instruction', message: 'is required' }],
    });
  });
});
