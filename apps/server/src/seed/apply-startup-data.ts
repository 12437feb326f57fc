import type { ServerConfig } from '../config/load-config.js';
import type { Repositories } from '../db/repositories.js';
import type { ContractValidator } from '../validation/contract-validator.js';
import { applySeed } from './apply-seed.js';
import { type ParsedSeed, parseSeed, readSeedFile, type SeedFile } from './seed-file.js';

/** A seed given in code: the parsed file content, or a path to read. */
export type SeedInput = SeedFile | string;

function resolveSeed(input: SeedInput): ParsedSeed {
  return typeof input === 'string' ? readSeedFile(input) : parseSeed(input, '(inline)');
}

/** Applies `ASSISTANT_SEED`, an extra seed, and ensures `ASSISTANT_DEV_TOKEN` exists with scope `*`. */
export function applyStartupData(
  repos: Repositories,
  validator: ContractValidator,
  config: ServerConfig,
  extraSeed?: SeedInput,
): void {
  const seeds = [config.seedPath, extraSeed].filter((s): s is SeedInput => s !== undefined).map(resolveSeed);
  for (const seed of seeds) applySeed(repos, validator, seed);
  if (config.devToken !== undefined) {
    const accountId = repos.accounts.defaultId();
    repos.tokens.ensure({ token: config.devToken, accountId, name: 'dev', scopes: ['*'] });
  }
}
