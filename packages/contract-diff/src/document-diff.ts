/**
 * Compares two versions of one contract document: operations added and removed, each kept
 * operation (operation-diff.ts), the scopes the bearer scheme declares, and the document's words.
 * `info.version` is not a change: it follows the release (RELEASING.md).
 */
import { type Change, ChangeLog, sameValue } from './change.js';
import type { Document } from './load-contract.js';
import { diffOperation } from './operation-diff.js';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

interface Located {
  operation: Node;
  pathItem: Node;
}

/** Each operation by `METHOD /path`, path parameters' names left as written. */
function operationsOf(document: Document): Map<string, Located> {
  const operations = new Map<string, Located>();
  for (const [path, pathItem] of Object.entries((document.paths ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = pathItem[method] as Node | undefined;
      if (operation) operations.set(`${method.toUpperCase()} ${path}`, { operation, pathItem });
    }
  }
  return operations;
}

const nameOf = (key: string, located: Located) =>
  typeof located.operation.operationId === 'string' ? `${key} (${located.operation.operationId})` : key;

/** The scopes every bearer-like scheme declares in `x-scopes`. */
function declaredScopes(document: Document): Set<string> {
  const schemes = ((document.components as Node | undefined)?.securitySchemes ?? {}) as Record<string, Node>;
  return new Set(Object.values(schemes).flatMap((scheme) => Object.keys((scheme['x-scopes'] ?? {}) as Node)));
}

/** Every change from `before` to `after` of the contract named `name` (`openapi` or `admin`). */
export function diffDocument(name: string, before: Document, after: Document): Change[] {
  const log = new ChangeLog(name);
  const [old, now] = [operationsOf(before), operationsOf(after)];
  for (const [key, located] of old) {
    const kept = now.get(key);
    if (!kept) log.add('breaking', 'operation-removed', nameOf(key, located), 'operation removed');
    else
      diffOperation(log, nameOf(key, kept), { ...located, document: before }, { ...kept, document: after });
  }
  for (const [key, located] of now) {
    if (!old.has(key)) log.add('compatible', 'operation-added', nameOf(key, located), 'new operation');
  }
  const [oldScopes, newScopes] = [declaredScopes(before), declaredScopes(after)];
  for (const scope of oldScopes) {
    if (!newScopes.has(scope))
      log.add('breaking', 'scope-removed', 'security', `scope ${scope} no longer exists`);
  }
  for (const scope of newScopes) {
    if (!oldScopes.has(scope)) log.add('compatible', 'scope-added', 'security', `new scope ${scope}`);
  }
  const [oldInfo, newInfo] = [
    { ...(before.info as Node), version: 0 },
    { ...(after.info as Node), version: 0 },
  ];
  for (const key of ['info', 'tags', 'externalDocs', 'servers'] as const) {
    const [a, b] = key === 'info' ? [oldInfo, newInfo] : [before[key], after[key]];
    if (!sameValue(a, b)) log.add('documentation', 'documentation', key, `${key} changed`);
  }
  return log.changes;
}
