/**
 * A validated state document's entries as the repositories store them, the same for a seed (rows
 * inserted when absent) and a state import (all data replaced): a token given as itself is stored
 * as its hash, and an agent's create-agent body gets its `tools` string parsed and checked (the
 * one part of an agent that validating the whole document leaves as text) and its defaults.
 */
import type { CreateAgentBody, ValidationIssue } from '@assistant-platform/types';
import { adminValidator } from '../contract/admin-validator.js';
import { newAgentOf } from '../contract/new-agent.js';
import type { AgentExtra, NewAgent, NewToken } from '../db/store.js';
import { hashToken } from '../db/token-hash.js';
import { entryName } from './entry-name.js';
import type { ParsedSeed } from './seed-file.js';

/** Problems with an entry of a state document, each at its JSON pointer. */
export class StateEntryError extends Error {
  override name = 'StateEntryError';

  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${entryName(issue.path)}: ${issue.message}`).join('; '));
  }
}

export function tokenRowOf(token: ParsedSeed['tokens'][number]): NewToken {
  const { token: value, tokenHash, ...rest } = token;
  return { ...rest, tokenHash: value === undefined ? (tokenHash as string) : hashToken(value) };
}

export interface AgentRow {
  input: NewAgent;
  accountId: number | undefined;
  extra: AgentExtra;
}

export function agentRowOf(entry: ParsedSeed['agents'][number], index: number): AgentRow {
  const pointer = `/agents/${index}`;
  let checked = entry;
  if (typeof entry.tools === 'string') {
    const result = adminValidator().check('StateAgent', entry, pointer);
    if (result.issues.length > 0) throw new StateEntryError(result.issues);
    checked = result.value as typeof entry;
  }
  const { id, accountId, agentReferenceId, createdAt, updatedAt, ...body } = checked;
  const extra = Object.fromEntries(
    Object.entries({ id, agentReferenceId, createdAt, updatedAt }).filter(([, v]) => v !== undefined),
  ) as AgentRow['extra'];
  return { input: newAgentOf(body as CreateAgentBody), accountId, extra };
}
