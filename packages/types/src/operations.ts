/**
 * The operation table and scopes, generated from the contract (each operation's `security` names
 * its scope; `x-scopes` lists them all). The server registers its routes and checks scopes from it,
 * the gateway and the SDK find paths in it: adding an operation is a change to the YAML.
 */
import { OPERATIONS, SCOPES } from './generated/operations.js';
import type { OperationId } from './schema-types.js';

export { OPERATIONS, SCOPES };

export type Scope = (typeof SCOPES)[number];
export type Operation = (typeof OPERATIONS)[OperationId];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Whether a token holding `scopes` may call an operation requiring `required`. */
export function grants(scopes: readonly string[], required: Scope): boolean {
  return scopes.includes('*') || scopes.includes(required);
}
