import type { Repositories } from '../db/store.js';
import type { ParsedSeed } from './seed-file.js';
import { SeedError } from './seed-file.js';
import { agentRowOf, StateEntryError, tokenRowOf } from './state-rows.js';

/** Runs one insert, naming the seed entry when the database refuses it (e.g. an unknown accountId). */
async function at<T>(where: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    throw new SeedError(`Invalid seed: ${where}: ${(error as Error).message}`);
  }
}

/**
 * Inserts the seed's rows that are absent (by id, tokens by hash, id-less agents by account and
 * name) in one transaction, so restarting with the same seed never overwrites edits and a bad
 * seed leaves the database untouched.
 */
export async function applySeed(repos: Repositories, seed: ParsedSeed): Promise<void> {
  let agents: ReturnType<typeof agentRowOf>[];
  try {
    agents = seed.agents.map(agentRowOf);
  } catch (error) {
    if (error instanceof StateEntryError) throw new SeedError(`Invalid seed: ${error.message}`);
    throw error;
  }
  await repos.transaction(async (tx) => {
    for (const [i, account] of seed.accounts.entries())
      await at(`accounts[${i}]`, () => tx.accounts.ensure(account));
    for (const [i, token] of seed.tokens.entries())
      await at(`tokens[${i}]`, () => tx.tokens.ensure(tokenRowOf(token)));
    for (const [i, workspace] of seed.workspaces.entries())
      await at(`workspaces[${i}]`, () => tx.workspaces.ensure(workspace));
    for (const [i, row] of seed.transcriptions.entries())
      await at(`transcriptions[${i}]`, () => tx.transcriptions.ensure(row));
    for (const [i, { input, accountId, extra }] of agents.entries()) {
      await at(`agents[${i}]`, async () => {
        const owner = accountId ?? (await tx.accounts.defaultId());
        const present =
          extra.id !== undefined
            ? (await tx.agents.find(extra.id)) !== undefined
            : extra.agentReferenceId !== undefined
              ? (await tx.agents.find(extra.agentReferenceId)) !== undefined
              : await tx.agents.existsByName(owner, input.name);
        if (!present) await tx.agents.create(owner, input, extra);
      });
    }
  });
}
