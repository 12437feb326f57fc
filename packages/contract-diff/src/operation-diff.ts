/**
 * Compares one operation of two versions of a contract: its parameters and body (request
 * direction), its statuses, headers and bodies (response direction), the scope it requires, its
 * deprecation and its words. An operation is named by method and path, as a client calls it.
 */
import type { ChangeLog } from './change.js';
import { sameValue, show } from './change.js';
import { type Direction, diffSchema, sunsetOf } from './schema-diff.js';

type Node = Record<string, unknown>;
const DOCUMENTATION = ['summary', 'description', 'tags', 'externalDocs', 'example', 'examples'];
/** Operation keys handled below or by the caller. */
const HANDLED = [
  'parameters',
  'requestBody',
  'responses',
  'security',
  'deprecated',
  'x-sunset',
  'x-deprecated-at',
  'operationId',
];

/** A parameter's key: where it goes and its name (a header's name in lower case). */
const parameterKey = (parameter: Node) =>
  `${parameter.in} ${parameter.in === 'header' ? String(parameter.name).toLowerCase() : parameter.name}`;

/** The parameters of an operation with those of its path item (the operation's win). */
export function parametersOf(pathItem: Node, operation: Node): Map<string, Node> {
  const all = new Map<string, Node>();
  for (const parameter of [
    ...((pathItem.parameters ?? []) as Node[]),
    ...((operation.parameters ?? []) as Node[]),
  ]) {
    all.set(parameterKey(parameter), parameter);
  }
  return all;
}

/** The scopes an operation requires, one sorted list per alternative requirement. */
function scopesOf(operation: Node, document: Node): string[] {
  const security = (operation.security ?? document.security ?? []) as Record<string, string[]>[];
  return security.map((requirement) =>
    Object.entries(requirement)
      .map(([scheme, scopes]) => `${scheme}:${[...scopes].sort().join(',')}`)
      .sort()
      .join(' + '),
  );
}

function diffDeprecation(log: ChangeLog, where: string, before: Node, after: Node) {
  if (before.deprecated !== after.deprecated) {
    if (after.deprecated === true) log.add('compatible', 'deprecated', where, 'deprecated', sunsetOf(after));
    else log.add('compatible', 'undeprecated', where, 'no longer deprecated');
  }
  if (!sameValue(before['x-sunset'], after['x-sunset'])) {
    log.add(
      'compatible',
      'sunset',
      where,
      `sunset ${show(before['x-sunset'])} → ${show(after['x-sunset'])}`,
      sunsetOf(after),
    );
  }
}

function diffWords(log: ChangeLog, where: string, before: Node, after: Node, keys: string[]) {
  for (const key of keys)
    if (!sameValue(before[key], after[key]))
      log.add('documentation', 'documentation', where, `${key} changed`);
}

function diffParameters(log: ChangeLog, where: string, before: Map<string, Node>, after: Map<string, Node>) {
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [old, now] = [before.get(key), after.get(key)];
    const at = `${where} ${key.replace(' ', ' parameter ')}`;
    if (!old) {
      if (now?.required === true)
        log.add('breaking', 'parameter-added-required', at, 'new required parameter');
      else log.add('compatible', 'parameter-added', at, 'new optional parameter');
    } else if (!now) log.add('breaking', 'parameter-removed', at, 'parameter removed');
    else {
      if (old.required !== true && now.required === true)
        log.add('breaking', 'parameter-became-required', at, 'optional → required');
      if (old.required === true && now.required !== true)
        log.add('compatible', 'parameter-became-optional', at, 'required → optional');
      diffSchema(old.schema as Node, now.schema as Node, at, { log, direction: 'request' });
      diffDeprecation(log, at, old, now);
      diffWords(log, at, old, now, ['description', 'example', 'examples']);
      for (const key of ['style', 'explode', 'allowReserved', 'content']) {
        if (!sameValue(old[key], now[key]))
          log.add(
            'breaking',
            'parameter-serialization-changed',
            at,
            `${key} ${show(old[key])} → ${show(now[key])}`,
          );
      }
    }
  }
}

/** Media types of a request body or response, each schema compared in `direction`. */
function diffContent(
  log: ChangeLog,
  where: string,
  before: Node | undefined,
  after: Node | undefined,
  direction: Direction,
) {
  const old = (before ?? {}) as Record<string, Node>;
  const now = (after ?? {}) as Record<string, Node>;
  for (const type of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const at = `${where} (${type})`;
    if (!old[type])
      log.add(
        direction === 'request' ? 'compatible' : 'breaking',
        `${direction}-media-type-added`,
        at,
        'media type added',
      );
    else if (!now[type])
      log.add(
        direction === 'request' ? 'breaking' : 'compatible',
        `${direction}-media-type-removed`,
        at,
        'media type removed',
      );
    else {
      diffSchema(old[type].schema as Node, now[type].schema as Node, at, { log, direction });
      diffWords(log, at, old[type], now[type], ['example', 'examples']);
    }
  }
}

function diffRequestBody(log: ChangeLog, where: string, before: Node | undefined, after: Node | undefined) {
  const at = `${where} request body`;
  if (!before && !after) return;
  if (!before) {
    if (after?.required === true)
      log.add('breaking', 'request-body-added-required', at, 'new required request body');
    else log.add('compatible', 'request-body-added', at, 'new optional request body');
    return;
  }
  if (!after) return log.add('breaking', 'request-body-removed', at, 'request body removed');
  if (before.required !== true && after.required === true)
    log.add('breaking', 'request-body-became-required', at, 'optional → required');
  if (before.required === true && after.required !== true)
    log.add('compatible', 'request-body-became-optional', at, 'required → optional');
  diffWords(log, at, before, after, ['description']);
  diffContent(log, at, before.content as Node, after.content as Node, 'request');
}

function diffResponses(log: ChangeLog, where: string, before: Node, after: Node) {
  for (const status of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [old, now] = [before[status] as Node | undefined, after[status] as Node | undefined];
    const at = `${where} response ${status}`;
    if (!old) log.add('compatible', 'response-status-added', at, 'new status');
    else if (!now) log.add('breaking', 'response-status-removed', at, 'status removed');
    else {
      diffWords(log, at, old, now, ['description']);
      const [oldHeaders, newHeaders] = [
        (old.headers ?? {}) as Record<string, Node>,
        (now.headers ?? {}) as Record<string, Node>,
      ];
      for (const name of new Set([...Object.keys(oldHeaders), ...Object.keys(newHeaders)])) {
        const [h0, h1] = [oldHeaders[name], newHeaders[name]];
        const hat = `${at} header ${name}`;
        if (!h0) log.add('compatible', 'response-header-added', hat, 'new header');
        else if (!h1) log.add('breaking', 'response-header-removed', hat, 'header removed');
        else {
          if (h0.required === true && h1.required !== true)
            log.add('breaking', 'response-header-became-optional', hat, 'always sent → may be absent');
          diffSchema(h0.schema as Node, h1.schema as Node, hat, { log, direction: 'response' });
          diffDeprecation(log, hat, h0, h1);
          diffWords(log, hat, h0, h1, ['description']);
        }
      }
      diffContent(log, at, old.content as Node, now.content as Node, 'response');
    }
  }
}

export interface OperationSide {
  operation: Node;
  pathItem: Node;
  document: Node;
}

/** Every change between two versions of one operation, named `where`. */
export function diffOperation(log: ChangeLog, where: string, before: OperationSide, after: OperationSide) {
  const [old, now] = [before.operation, after.operation];
  if (old.operationId !== now.operationId) {
    log.add(
      'breaking',
      'operation-id-changed',
      where,
      `operationId ${show(old.operationId)} → ${show(now.operationId)} (the SDK's types name operations by it)`,
    );
  }
  const [oldScopes, newScopes] = [scopesOf(old, before.document), scopesOf(now, after.document)];
  if (!sameValue(oldScopes, newScopes)) {
    const level =
      newScopes.length === 0 || newScopes.some((scopes) => oldScopes.includes(scopes))
        ? 'compatible'
        : 'breaking';
    log.add(
      level,
      level === 'breaking' ? 'scope-required' : 'security-relaxed',
      where,
      `security ${show(oldScopes)} → ${show(newScopes)}`,
    );
  }
  diffDeprecation(log, where, old, now);
  diffWords(log, where, old, now, DOCUMENTATION);
  diffParameters(log, where, parametersOf(before.pathItem, old), parametersOf(after.pathItem, now));
  diffRequestBody(log, where, old.requestBody as Node, now.requestBody as Node);
  diffResponses(log, where, (old.responses ?? {}) as Node, (now.responses ?? {}) as Node);
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (HANDLED.includes(key) || DOCUMENTATION.includes(key) || sameValue(old[key], now[key])) continue;
    if (key.startsWith('x-'))
      log.add('compatible', 'extension-changed', where, `${key} ${show(old[key])} → ${show(now[key])}`);
    else
      log.add(
        'breaking',
        'keyword-changed',
        where,
        `${key} changed (not understood by the diff, so taken as breaking)`,
      );
  }
}
