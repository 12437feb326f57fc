/**
 * All data as the admin contract's `State`: what `GET /_admin/state` and `state export` give, and
 * what a reset goes back to. Everything a fresh server needs to answer the same is explicit (ids,
 * timestamps, agent reference ids, token ids and names); tokens are their SHA-256 hashes, the only
 * form in which they are stored, and a revoked one carries its `revokedAt`.
 */
import type { Scope, TranscriptionStatus } from '@assistant-platform/types';
import type { StateSummary } from '@assistant-platform/types/admin';
import type { Repositories } from '../db/repositories.js';
import type { ParsedSeed } from './seed-file.js';

export function exportState(repos: Repositories): ParsedSeed {
  return {
    accounts: repos.accounts.listAll(),
    tokens: repos.tokens
      .listAll()
      .map(({ id, tokenHash, accountId, name, scopes, createdAt, revokedAt }) => ({
        id,
        tokenHash,
        accountId,
        name,
        scopes: scopes as Scope[],
        createdAt,
        ...(revokedAt === null ? {} : { revokedAt }),
      })),
    workspaces: repos.workspaces.listAll(),
    transcriptions: repos.transcriptions
      .listAll()
      .map((row) => ({ ...row, status: row.status as TranscriptionStatus })),
    agents: repos.agents.listAll().map(({ accountId, agent }) => {
      const { status: _active, knowledgeBaseId, ...fields } = agent;
      return { ...fields, accountId, ...(knowledgeBaseId === null ? {} : { knowledgeBaseId }) };
    }),
  };
}

/** How many records of each kind the database holds. */
export function stateSummary(repos: Repositories): StateSummary {
  return {
    accounts: repos.accounts.count(),
    tokens: repos.tokens.count(),
    workspaces: repos.workspaces.count(),
    transcriptions: repos.transcriptions.count(),
    agents: repos.agents.count(),
  };
}
