/**
 * Stages that only some routes need are hooks of those routes (added as each route is registered,
 * from an `onRoute` hook), not of the app: a request of any other route never calls them. Which
 * routes is the contract's to say (its operation tables, generated from the YAML).
 */
import type { Readable } from 'node:stream';
import { OPERATIONS } from '@assistant-platform/types';
import { ADMIN_OPERATIONS } from '@assistant-platform/types/admin';
import type { FastifyContextConfig, FastifyReply, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preParsing' | 'preHandler' | 'onSend' | 'onResponse';
/** One hook of that kind, as a route's options take it. */
type RouteHook<Name extends HookName> = Exclude<NonNullable<RouteOptions[Name]>, readonly unknown[]>;

/** Whether a route's operation may answer with a `text/event-stream` (the contract's `eventStream`). */
export function mayStream(config: FastifyContextConfig | undefined): boolean {
  if (config?.operationId !== undefined) return OPERATIONS[config.operationId].eventStream;
  if (config?.adminOperationId !== undefined) return ADMIN_OPERATIONS[config.adminOperationId].eventStream;
  return false;
}

/** Adds `hook` after the route's own hooks of that kind. */
export function appendRouteHook<Name extends HookName>(
  route: RouteOptions,
  name: Name,
  hook: RouteHook<Name>,
): void {
  const existing = route[name];
  (route as Record<HookName, unknown>)[name] =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/** Registers `add` for every route from now on whose operation may answer with an event stream. */
export function onStreamRoutes(
  app: { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown },
  add: (route: RouteOptions) => void,
): void {
  app.addHook('onRoute', (route) => {
    if (mayStream(route.config as FastifyContextConfig | undefined)) add(route);
  });
}

/** Whether an answer is a Server-Sent Events stream, whether its body leaves as a stream or at once. */
export function answersEventStream(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/event-stream');
}

/** Whether an answer's body is a Node stream (Fastify pipes it) rather than bytes sent at once. */
export function isStream(payload: unknown): payload is Readable {
  return typeof (payload as Readable | null)?.pipe === 'function';
}
