/**
 * The admin contract's validator, one per process and shared by every app in it: seeds and state
 * documents, chat fixture files and the admin routes all validate against it. Its schemas compile
 * on first use (the `State` schema takes tens of milliseconds), so sharing it means the tests'
 * many apps, each with a seed, pay for that once. The bundle carries the `State` schema's validator
 * compiled at build time (scripts/precompile-validators.mjs), so a start with a seed compiles nothing:
 * `globalThis.__ASSISTANT_PRECOMPILED_VALIDATORS__` is defined true for the bundle (tsup.config.ts);
 * run from source, the schema compiles on first use. The contract's `format: re2` (a chat fixture's
 * `messageMatches`) is checked with re2js, the engine that runs the patterns.
 */
import { type AdminOperationId, adminContract } from '@assistant-platform/types/admin';
import { ContractValidator, type PrecompiledValidator } from '@assistant-platform/types/validation';
import { RE2JS } from 're2js';

declare global {
  /** Whether this build carries validators compiled ahead of time: a constant the bundler replaces. */
  var __ASSISTANT_PRECOMPILED_VALIDATORS__: boolean | undefined;
}

const precompiled: Record<string, PrecompiledValidator> = globalThis.__ASSISTANT_PRECOMPILED_VALIDATORS__
  ? { State: (await import('../generated/state-validator.js')).validate }
  : {};

let shared: ContractValidator<AdminOperationId> | undefined;

const re2 = {
  validate(text: string): boolean {
    try {
      RE2JS.compile(text);
      return true;
    } catch {
      return false;
    }
  },
  message: 'must be an RE2 regular expression (no lookaround or backreferences)',
};

export function adminValidator(): ContractValidator<AdminOperationId> {
  shared ??= new ContractValidator(adminContract, { re2 }, precompiled);
  return shared;
}
