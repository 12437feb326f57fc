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

/**
 * Whether a token holding `scopes` may call an operation requiring `required`: the scope itself;
 * `*` grants every scope but `operator` (every platform scope and its account's `admin`, never the
 * whole server's administration); `operator` grants `admin` too (an operator may call every admin
 * operation, for every account). See admin.yaml, "Two kinds of administration".
 */
export function grants(scopes: readonly string[], required: Scope): boolean {
  if (scopes.includes(required)) return true;
  if (required === 'operator') return false;
  if (scopes.includes('*')) return true;
  return required === 'admin' && scopes.includes('operator');
}

/**
 * What a token holding `scopes` administers through the admin API: the whole server
 * (`operator`), or its own account (`account`; it needs `admin` or `*` to call any operation).
 */
export function adminViewOf(scopes: readonly string[]): 'account' | 'operator' {
  return scopes.includes('operator') ? 'operator' : 'account';
}
