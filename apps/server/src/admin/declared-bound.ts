/**
 * The bounds admin.yaml puts on its operations as `x-` numbers (`x-max-streams`,
 * `x-max-per-account`), read from the contract rather than copied, so the server keeps what the
 * contract says; a bound the contract lost stops start-up instead of going unenforced.
 */
import { adminDocument } from '@assistant-platform/types/admin';

export function declaredBound(path: string, method: string, extension: `x-${string}`): number {
  const operation = adminDocument.paths[path]?.[method] as Record<string, unknown> | undefined;
  const bound = operation?.[extension];
  if (typeof bound !== 'number')
    throw new Error(`admin.yaml declares no ${extension} for ${method.toUpperCase()} ${path}`);
  return bound;
}
