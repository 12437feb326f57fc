/**
 * The seed file: fixtures for local development and tests, in the admin contract's `State` format
 * (what `GET /_admin/state` exports, so an export is a seed). It is validated against the admin
 * contract (`check('State', …)`), every problem named by its entry (`agents[0].instruction: is
 * required`), and comes back with its lists present and the defaults the contract declares
 * applied. Agents' own defaults and a `tools` JSON string are seen to when they are stored.
 */
import { readFileSync } from 'node:fs';
import type { TranscriptionStatus } from '@assistant-platform/types';
import { ADMIN_DEFAULTS, type adminComponents, type State } from '@assistant-platform/types/admin';
import { packageFile } from '../config/package-files.js';
import { adminValidator } from '../contract/admin-validator.js';
import { entryName } from './entry-name.js';

type Schemas = adminComponents['schemas'];

/** A seed or state document as written. */
export type SeedFile = State;

/** A seed after validation: every list present, declared defaults applied. */
export interface ParsedSeed {
  accounts: Schemas['StateAccount'][];
  tokens: (Schemas['StateToken'] & { name: string })[];
  workspaces: Schemas['StateWorkspace'][];
  transcriptions: (Schemas['StateTranscription'] & { status: TranscriptionStatus })[];
  agents: Schemas['StateAgent'][];
}

/** A transcription without `status` is a finished one (the state schema declares no default). */
const DEFAULT_TRANSCRIPTION_STATUS: TranscriptionStatus = 'COMPLETED';

/** Thrown for an unreadable or invalid seed; the message names the bad entry. */
export class SeedError extends Error {
  override name = 'SeedError';
}

export function parseSeed(value: unknown, source = 'seed'): ParsedSeed {
  const { issues } = adminValidator().check('State', value);
  if (issues.length > 0) {
    const lines = issues.map((issue) => `  ${entryName(issue.path)}: ${issue.message}`);
    throw new SeedError(`Invalid seed file ${source}:\n${lines.join('\n')}`);
  }
  return seedOf(value as State);
}

/** A state document already validated against the contract, with its lists and defaults filled in. */
export function seedOf(state: State): ParsedSeed {
  return {
    accounts: state.accounts ?? [],
    tokens: (state.tokens ?? []).map((token) => ({ name: ADMIN_DEFAULTS.StateToken.name, ...token })),
    workspaces: state.workspaces ?? [],
    transcriptions: (state.transcriptions ?? []).map((row) => ({
      status: DEFAULT_TRANSCRIPTION_STATUS,
      ...row,
    })),
    agents: state.agents ?? [],
  };
}

/** The seeds the package ships, by name; `dev` is the repository's seed/dev.json. */
const PACKAGED_SEEDS = ['dev'];

/**
 * Where a seed argument points: a packaged seed's name (`--seed dev`, `ASSISTANT_SEED=dev`) is that
 * seed's file in the package, anything else a path (a file named `dev` is `./dev`).
 */
export function seedFilePath(nameOrPath: string): string {
  return PACKAGED_SEEDS.includes(nameOrPath) ? packageFile('seeds', `${nameOrPath}.json`) : nameOrPath;
}

/** Reads and validates a seed file, given by its path or a packaged seed's name (`dev`). */
export function readSeedFile(nameOrPath: string): ParsedSeed {
  const path = seedFilePath(nameOrPath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError(`Cannot read seed file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`Seed file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseSeed(json, path);
}
