/**
 * Deprecations a call meets, told to the developer once per process per deprecated thing. Two
 * sources: the contract this SDK was built from (packages/types' generated table) says before
 * sending which deprecated operation, parameter or field a call uses; the server's `Deprecation`
 * headers (RFC 9745, with `Sunset` and `Link`) say so after, which is how an SDK older than a
 * deprecation still learns of it. `deprecations` chooses: `warn` (default; the logger's `warn`, else
 * Node's `process.emitWarning` as a DeprecationWarning, else `console.warn`), `silent`, or `error`,
 * which refuses, before sending, a call the contract knows to be deprecated (a call the server
 * alone flags was already done: it is returned and warned about, never reported as a failure).
 * `onDeprecation` sees every notice, whatever the mode (the gateway passes them on).
 *
 * The request pipeline runs the check around each call's attempts (below the middleware, so a
 * client without middleware skips openapi-fetch's middleware pass); `deprecationMiddleware` is the
 * same check for a client's `use()`.
 */
import {
  DEPRECATIONS,
  type DeprecatedUse,
  type DeprecationTable,
  deprecatedUses,
  OPERATIONS,
  readDeprecationHeaders,
} from '@assistant-platform/types';
import type { Middleware } from 'openapi-fetch';
import type { DeprecationCheck, Logger } from './request-pipeline.js';

export type DeprecationMode = 'warn' | 'silent' | 'error';

export interface DeprecationNotice {
  /** `contract`: this SDK's contract says so, before sending; `server`: the answer's headers say so. */
  source: 'contract' | 'server';
  method: string;
  /** The operation's path template, e.g. `/agents/create`. */
  path: string;
  operationId?: string;
  /** What is deprecated, from the contract: `request field knowledgeBaseId`, `operation getAgent`. */
  item?: string;
  since?: Date;
  sunset?: Date;
  /** The docs of the deprecated thing. */
  docs?: string;
  /** The answer's `deprecation`, `sunset` and `link` headers, as sent (server notices). */
  headers?: Record<string, string>;
}

/** A call refused because it uses what the contract deprecates (`deprecations: 'error'`). */
export class DeprecationError extends Error {
  constructor(readonly notices: DeprecationNotice[]) {
    super(notices.map(describe).join('\n'));
    this.name = 'DeprecationError';
  }
}

/** What has been told in this process (every client shares it: once per process). */
const told = new Set<string>();

const day = (date: Date | undefined) => date?.toISOString().slice(0, 10);

function describe(notice: DeprecationNotice): string {
  const what = notice.item ? `${notice.item} of ${notice.operationId}` : `${notice.method} ${notice.path}`;
  const since = notice.since ? ` since ${day(notice.since)}` : '';
  const sunset = notice.sunset ? `, and goes away on ${day(notice.sunset)}` : '';
  const docs = notice.docs ? `; see ${notice.docs}` : '';
  const by = notice.source === 'server' ? ' (the server says so)' : '';
  return `@assistant-platform/client: ${what} is deprecated${since}${sunset}${docs}${by}.`;
}

function warn(notice: DeprecationNotice, logger: Logger | undefined) {
  const message = describe(notice);
  const node = (globalThis as { process?: { emitWarning?: (message: string, options: object) => void } })
    .process;
  if (logger) logger.warn(message, { deprecation: notice });
  else if (typeof node?.emitWarning === 'function')
    node.emitWarning(message, { type: 'DeprecationWarning', code: 'ASSISTANT_PLATFORM_DEPRECATED' });
  else console.warn(message);
}

/** Operation ids by method and path template (`GET /agents/view/{id}`), made once. */
const OPERATION_IDS = new Map(
  Object.entries(OPERATIONS).map(([id, operation]) => [
    `${operation.method.toUpperCase()} ${operation.path}`,
    id,
  ]),
);
const operationIdOf = (method: string, path: string) => OPERATION_IDS.get(`${method.toUpperCase()} ${path}`);

export interface DeprecationOptions {
  mode: DeprecationMode;
  logger: Logger | undefined;
  onDeprecation: ((notice: DeprecationNotice) => void) | undefined;
  /** The contract's table; tests give a fixture contract's. */
  table?: DeprecationTable;
}

export function deprecationCheck(options: DeprecationOptions): DeprecationCheck {
  const table = options.table ?? DEPRECATIONS;
  const tell = (notice: DeprecationNotice, key: string, warned = false) => {
    options.onDeprecation?.(notice);
    if (warned || options.mode === 'silent' || told.has(key)) return;
    told.add(key);
    warn(notice, options.logger);
  };
  /** A call of an operation the contract deprecates something of: what it uses of it. */
  async function checkUses(request: Request, schemaPath: string, operationId: string): Promise<boolean> {
    // The body is read only for an operation with deprecated fields (a clone: the original is sent).
    const body = table[operationId]?.requestFields
      ? await request
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    const url = new URL(request.url);
    const uses = deprecatedUses(table, operationId, {
      query: Object.fromEntries(url.searchParams),
      headers: [...request.headers.keys()],
      body,
    }).filter((use) => !use.item.startsWith('response field'));
    if (uses.length === 0) return false;
    const docsBase = new URL('/docs', url).href;
    const notices = uses.map(
      (use: DeprecatedUse): DeprecationNotice => ({
        source: 'contract',
        method: request.method,
        path: schemaPath,
        operationId,
        item: use.item,
        since: new Date(use.since),
        ...(use.sunset ? { sunset: new Date(use.sunset) } : {}),
        docs: `${docsBase}${use.docs}`,
      }),
    );
    if (options.mode === 'error') throw new DeprecationError(notices);
    for (const notice of notices) tell(notice, `contract ${operationId} ${notice.item}`);
    return true;
  }
  return {
    before(request, schemaPath) {
      const operationId = operationIdOf(request.method, schemaPath);
      // Most operations deprecate nothing: their calls pay one lookup.
      if (operationId === undefined || table[operationId] === undefined) return false;
      return checkUses(request, schemaPath, operationId);
    },
    after(request, response, schemaPath, toldBefore) {
      const read = readDeprecationHeaders(response.headers);
      if (read === undefined) return;
      const operationId = operationIdOf(request.method, schemaPath);
      const notice: DeprecationNotice = {
        source: 'server',
        method: request.method,
        path: schemaPath,
        ...(operationId ? { operationId } : {}),
        ...(read.since ? { since: read.since } : {}),
        ...(read.sunset ? { sunset: read.sunset } : {}),
        ...(read.docs ? { docs: new URL(read.docs, request.url).href } : {}),
        headers: read.headers,
      };
      // A call the contract already flagged was warned about: the headers only reach onDeprecation.
      const key = `server ${request.method} ${schemaPath} ${read.headers.deprecation} ${read.headers.sunset ?? ''}`;
      tell(notice, key, toldBefore);
    },
  };
}

/** The same check as openapi-fetch middleware, for a client's `use()` (the tests' fixture contracts). */
export function deprecationMiddleware(options: DeprecationOptions): Middleware {
  const check = deprecationCheck(options);
  /** Calls the contract already flagged (by openapi-fetch's id): their answer's headers warn no more. */
  const flagged = new Set<string>();
  return {
    async onRequest({ request, schemaPath, id }) {
      if (await check.before(request, schemaPath)) flagged.add(id);
      return undefined;
    },
    onResponse({ request, response, schemaPath, id }) {
      check.after(request, response, schemaPath, flagged.delete(id));
      return undefined;
    },
    onError({ id }) {
      flagged.delete(id);
    },
  };
}
