import type { CreateAgentBody } from '@assistant-platform/types';
import type { ContractValidator } from '@assistant-platform/types/validation';
import { newAgentOf } from '../contract/new-agent.js';
import type { Repositories } from '../db/repositories.js';
import { type ParsedSeed, SeedError } from './seed-file.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** Splits a seed agent into its create-agent body (checked against the contract) and extras. */
function checkAgent(validator: ContractValidator, entry: Record<string, unknown>, index: number) {
  const { id, accountId, agentReferenceId, createdAt, updatedAt, ...body } = entry;
  const fail = (detail: string) => new SeedError(`Invalid seed: agents[${index}]${detail}`);
  const describe = (issues: { path: string; message: string }[]) =>
    issues.map((i) => `${i.path.replace(/\//g, '.')}: ${i.message}`).join('; ');
  const checked = validator.check('CreateAgentBody', body);
  if (checked.issues.length > 0) throw fail(describe(checked.issues));
  if (id !== undefined && !isId(id)) throw fail('.id: must be a positive integer');
  if (accountId !== undefined && !isId(accountId)) throw fail('.accountId: must be a positive integer');
  if (
    agentReferenceId !== undefined &&
    !(typeof agentReferenceId === 'string' && UUID.test(agentReferenceId))
  )
    throw fail('.agentReferenceId: must be a UUID');
  for (const [name, value] of Object.entries({ createdAt, updatedAt }))
    if (value !== undefined && !(typeof value === 'string' && TIMESTAMP.test(value)))
      throw fail(`.${name}: must be like 2025-01-02T03:04:05.000Z`);
  const input = newAgentOf(checked.value as CreateAgentBody);
  const extra = Object.fromEntries(
    Object.entries({ id, agentReferenceId, createdAt, updatedAt }).filter(([, v]) => v !== undefined),
  ) as { id?: number; agentReferenceId?: string; createdAt?: string; updatedAt?: string };
  return { input, accountId: accountId as number | undefined, extra };
}

/** Runs one insert, naming the seed entry when the database refuses it (e.g. an unknown accountId). */
function at<T>(where: string, insert: () => T): T {
  try {
    return insert();
  } catch (error) {
    throw new SeedError(`Invalid seed: ${where}: ${(error as Error).message}`);
  }
}

/**
 * Inserts the seed's rows that are absent (by id, tokens by hash, id-less agents by account and
 * name) in one transaction, so restarting with the same seed never overwrites edits and a bad
 * seed leaves the database untouched.
 */
export function applySeed(repos: Repositories, validator: ContractValidator, seed: ParsedSeed): void {
  const agents = seed.agents.map((entry, i) => checkAgent(validator, entry, i));
  repos.transaction(() => {
    for (const [i, account] of seed.accounts.entries())
      at(`accounts[${i}]`, () => repos.accounts.ensure(account));
    for (const [i, token] of seed.tokens.entries()) at(`tokens[${i}]`, () => repos.tokens.ensure(token));
    for (const [i, workspace] of seed.workspaces.entries())
      at(`workspaces[${i}]`, () => repos.workspaces.ensure(workspace));
    for (const [i, row] of seed.transcriptions.entries())
      at(`transcriptions[${i}]`, () => repos.transcriptions.ensure(row));
    for (const [i, { input, accountId, extra }] of agents.entries()) {
      at(`agents[${i}]`, () => {
        const owner = accountId ?? repos.accounts.defaultId();
        const present =
          extra.id !== undefined
            ? repos.agents.find(extra.id) !== undefined
            : extra.agentReferenceId !== undefined
              ? repos.agents.find(extra.agentReferenceId) !== undefined
              : repos.agents.existsByName(owner, input.name);
        if (!present) repos.agents.create(owner, input, extra);
      });
    }
  });
}
