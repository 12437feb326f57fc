import type { ServerConfig } from '../config/load-config.js';
import type { Repositories } from '../db/store.js';
import { generateToken, hashToken } from '../db/token-hash.js';
import { applySeed } from './apply-seed.js';
import { type ParsedSeed, parseSeed, readSeedFile, type SeedFile } from './seed-file.js';

/** A seed given in code: the parsed file content, or a path to read. */
export type SeedInput = SeedFile | string;

function resolveSeed(input: SeedInput): ParsedSeed {
  return typeof input === 'string' ? readSeedFile(input) : parseSeed(input, '(inline)');
}

/**
 * What a token made at start-up for whoever runs the server may do: everything, the whole server's
 * administration included (`*` alone is one account's), so one developer on a local server never
 * meets the two kinds of administration.
 */
const START_UP_TOKEN_SCOPES = ['*', 'operator'];

/**
 * Applies `ASSISTANT_SEED`, an extra seed, and ensures `ASSISTANT_DEV_TOKEN` exists with scopes `*`
 * and `operator`. Then, with `createFirstToken`, a database that still has no token at all gets a
 * default account, a workspace and a random token with those scopes, returned so it can be printed
 * once (it is stored only hashed).
 * It runs after the seed, so a seeded database keeps the seed's accounts and tokens only. All of it
 * is one transaction, so instances starting together on one empty database make one first token.
 */
export async function applyStartupData(
  repos: Repositories,
  config: ServerConfig,
  options: { extraSeed?: SeedInput | undefined; createFirstToken?: boolean | undefined } = {},
): Promise<{ firstToken?: string }> {
  const seeds = [config.seedPath, options.extraSeed]
    .filter((s): s is SeedInput => s !== undefined)
    .map(resolveSeed);
  return repos.transaction(async (tx) => {
    for (const seed of seeds) await applySeed(tx, seed);
    if (config.devToken !== undefined) {
      const accountId = await tx.accounts.defaultId();
      const tokenHash = hashToken(config.devToken);
      await tx.tokens.ensure({ tokenHash, accountId, name: 'dev', scopes: START_UP_TOKEN_SCOPES });
      // A dev token stored by an older server (or a seed) holds what it held then: it gets these.
      await tx.tokens.setScopes(tokenHash, START_UP_TOKEN_SCOPES);
    }
    if (!options.createFirstToken || (await tx.tokens.count()) > 0) return {};
    const firstToken = generateToken();
    const accountId = await tx.accounts.defaultId();
    await tx.workspaces.ensure({ accountId, name: 'Default workspace' });
    await tx.tokens.ensure({
      tokenHash: hashToken(firstToken),
      accountId,
      name: 'bootstrap',
      scopes: START_UP_TOKEN_SCOPES,
    });
    return { firstToken };
  });
}
