import type { ServerConfig } from '../config/load-config.js';
import type { Repositories } from '../db/repositories.js';
import { generateToken, hashToken } from '../db/tokens-repo.js';
import { applySeed } from './apply-seed.js';
import { type ParsedSeed, parseSeed, readSeedFile, type SeedFile } from './seed-file.js';

/** A seed given in code: the parsed file content, or a path to read. */
export type SeedInput = SeedFile | string;

function resolveSeed(input: SeedInput): ParsedSeed {
  return typeof input === 'string' ? readSeedFile(input) : parseSeed(input, '(inline)');
}

/**
 * Applies `ASSISTANT_SEED`, an extra seed, and ensures `ASSISTANT_DEV_TOKEN` exists with scope `*`.
 * Then, with `createFirstToken`, a database that still has no token at all gets a default account,
 * a workspace and a random `*` token, returned so it can be printed once (it is stored only hashed).
 * It runs after the seed, so a seeded database keeps the seed's accounts and tokens only.
 */
export function applyStartupData(
  repos: Repositories,
  config: ServerConfig,
  options: { extraSeed?: SeedInput | undefined; createFirstToken?: boolean | undefined } = {},
): { firstToken?: string } {
  const seeds = [config.seedPath, options.extraSeed]
    .filter((s): s is SeedInput => s !== undefined)
    .map(resolveSeed);
  for (const seed of seeds) applySeed(repos, seed);
  if (config.devToken !== undefined) {
    const accountId = repos.accounts.defaultId();
    repos.tokens.ensure({ tokenHash: hashToken(config.devToken), accountId, name: 'dev', scopes: ['*'] });
  }
  if (!options.createFirstToken || repos.tokens.count() > 0) return {};
  const firstToken = generateToken();
  repos.transaction(() => {
    const accountId = repos.accounts.defaultId();
    repos.workspaces.ensure({ accountId, name: 'Default workspace' });
    repos.tokens.ensure({ tokenHash: hashToken(firstToken), accountId, name: 'bootstrap', scopes: ['*'] });
  });
  return { firstToken };
}
