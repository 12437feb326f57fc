/**
 * Loads one contract with every `$ref` resolved, the cross-file ones of admin.yaml into
 * openapi.yaml included, by the loader of the spec linter (@redocly/openapi-core): the diff
 * compares what a client meets, not how the YAML spells it, so moving a schema into a component
 * is no change. Recursive schemas stay cyclic objects; the walkers guard against the cycles.
 */
import { bundle, createConfig } from '@redocly/openapi-core';

export type Document = Record<string, unknown>;

/** The two contracts of a version: the platform's and the reference server's admin API. */
export const CONTRACT_FILES = { openapi: 'openapi.yaml', admin: 'admin.yaml' } as const;
export type ContractName = keyof typeof CONTRACT_FILES;

let config: ReturnType<typeof createConfig> | undefined;

/** The dereferenced document at `file` (a path), failing on a reference that does not resolve. */
export async function loadContract(file: string): Promise<Document> {
  config ??= createConfig({});
  const result = await bundle({ ref: file, config: await config, dereference: true });
  const unresolved = result.problems.filter((problem) => problem.severity === 'error');
  if (unresolved.length > 0) {
    throw new Error(`${file}: ${unresolved.map((problem) => problem.message).join('; ')}`);
  }
  return result.bundle.parsed as Document;
}
