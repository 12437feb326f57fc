import { describe, expect, it } from 'vitest';
import validateBodyTask from '../../src/pipeline/body/body-worker.js';
import { canonicalHash } from '../../src/pipeline/body/canonical-hash.js';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the body worker', () => {
  it('validates an admin body against the admin contract', () => {
    const operation = { contract: 'admin', operationId: 'importState' } as const;
    expect(
      validateBodyTask({ operation, bytes: bytes({ agents: [{ name: 'a' }] }), chatModels: [], hash: false }),
    ).toEqual({ ok: false, issues: [{ path: '/agents/0/instruction', message: 'is required' }] });
    const state = { accounts: [{ id: 1, name: 'Acme' }] };
    expect(validateBodyTask({ operation, bytes: bytes(state), chatModels: [], hash: false })).toEqual({
      ok: true,
      value: state,
      bodyHash: null,
    });
  });

  it('still validates a platform body against the platform contract', () => {
    const operation = { contract: 'platform', operationId: 'createAgent' } as const;
    expect(validateBodyTask({ operation, bytes: bytes({ name: 'a' }), chatModels: [], hash: false })).toEqual(
      {
        ok: false,
        issues: [{ path: '/instruction', message: 'is required' }],
      },
    );
  });

  it('hashes a body sent with an Idempotency-Key as received, key order and spacing aside', () => {
    const operation = { contract: 'platform', operationId: 'createAgent' } as const;
    const sent = new TextEncoder().encode('{ "tools": "[]",\n  "name": "a", "instruction": "b" }');
    const result = validateBodyTask({ operation, bytes: sent, chatModels: [], hash: true });
    expect(result).toMatchObject({ ok: true });
    const same = canonicalHash({ instruction: 'b', name: 'a', tools: '[]' });
    expect((result as { bodyHash: string }).bodyHash).toBe(same);
    expect(same).not.toBe(canonicalHash({ instruction: 'b', name: 'a', tools: [] }));
  });
});
