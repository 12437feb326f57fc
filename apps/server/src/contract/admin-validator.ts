/**
 * The admin contract's validator, one per process and shared by every app in it: seeds and state
 * documents, chat fixture files and the admin routes all validate against it. Its schemas compile
 * on first use (the `State` schema takes tens of milliseconds), so sharing it means the tests'
 * many apps, each with a seed, pay for that once.
 */
import { type AdminOperationId, adminContract } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';

let shared: ContractValidator<AdminOperationId> | undefined;

export function adminValidator(): ContractValidator<AdminOperationId> {
  shared ??= new ContractValidator(adminContract);
  return shared;
}
