/**
 * The admin contract's validator, one per process and shared by every app in it: seeds and state
 * documents, chat fixture files and the admin routes all validate against it. Its schemas compile
 * on first use (the `State` schema takes tens of milliseconds), so sharing it means the tests'
 * many apps, each with a seed, pay for that once. The contract's `format: re2` (a chat fixture's
 * `messageMatches`) is checked with re2js, the engine that runs the patterns.
 */
import { type AdminOperationId, adminContract } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';
import { RE2JS } from 're2js';

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
  shared ??= new ContractValidator(adminContract, { re2 });
  return shared;
}
