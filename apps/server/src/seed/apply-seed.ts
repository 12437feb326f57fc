import type { Repositories } from '../db/repositories.js';
import type { ParsedSeed } from './seed-file.js';
import { SeedError } from './seed-file.js';
import { agentRowOf, StateEntryError, tokenRowOf } from './state-rows.js';

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
export function applySeed(repos: Repositories, seed: ParsedSeed): void {
  let agents: ReturnType<typeof agentRowOf>[];
  try {
    agents = seed.agents.map(agentRowOf);
  } catch (error) {
    if (error instanceof StateEntryError) throw new SeedError(`Invalid seed: ${error.message}`);
    throw error;
  }
  repos.transaction(() => {
    for (const [i, account] of seed.accounts.entries())
      at(`accounts[${i}]`, () => repos.accounts.ensure(account));
    for (const [i, token] of seed.tokens.entries())
      at(`tokens[${i}]`, () => repos.tokens.ensure(tokenRowOf(token)));
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
