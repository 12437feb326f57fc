/**
 * All data as the admin contract's `State`: what `GET /_admin/state` and `state export` give, and
 * what a reset goes back to. Everything a fresh server needs to answer the same is explicit (ids,
 * timestamps, agent reference ids, token ids and names); tokens are their SHA-256 hashes, the only
 * form in which they are stored, and a revoked one carries its `revokedAt`.
 */
import type { Scope, TranscriptionStatus } from '@assistant-platform/types';
import type { StateSummary } from '@assistant-platform/types/admin';
import type { Repositories } from '../db/store.js';
import type { ParsedSeed } from './seed-file.js';

export async function exportState(repos: Repositories): Promise<ParsedSeed> {
  // In a transaction: never half of a state import another request or instance is running.
  return repos.transaction(async (tx) => ({
    accounts: await tx.accounts.listAll(),
    tokens: (await tx.tokens.listAll()).map(
      ({ id, tokenHash, accountId, name, scopes, createdAt, revokedAt }) => ({
        id,
        tokenHash,
        accountId,
        name,
        scopes: scopes as Scope[],
        createdAt,
        ...(revokedAt === null ? {} : { revokedAt }),
      }),
    ),
    workspaces: await tx.workspaces.listAll(),
    transcriptions: (await tx.transcriptions.listAll()).map((row) => ({
      ...row,
      status: row.status as TranscriptionStatus,
    })),
    agents: (await tx.agents.listAll()).map(({ accountId, agent }) => {
      const { status: _active, knowledgeBaseId, ...fields } = agent;
      return { ...fields, accountId, ...(knowledgeBaseId === null ? {} : { knowledgeBaseId }) };
    }),
  }));
}

/** How many records of each kind the database holds. */
export async function stateSummary(repos: Repositories): Promise<StateSummary> {
  return {
    accounts: await repos.accounts.count(),
    tokens: await repos.tokens.count(),
    workspaces: await repos.workspaces.count(),
    transcriptions: await repos.transcriptions.count(),
    agents: await repos.agents.count(),
  };
}
