import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADMIN_IN_FLIGHT_LIMITED,
  type AdminOperationId,
  type AppliedFault,
  type Fault,
  type FaultRule,
} from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { FaultRulesStore } from '../../contract/admin-stores.js';
import { adminValidator } from '../../contract/admin-validator.js';
import { ApiError } from '../../contract/api-error.js';
import type { InFlightSlots } from '../in-flight-limit.js';
import { whenClosed } from '../response-listeners.js';
import { appendRouteHook } from '../route-hooks.js';
import { faultFromPrefer } from './prefer-header.js';

/** Thrown to end a request without an answer: the error handler closes its connection. */
export class ConnectionReset extends Error {
  override name = 'ConnectionReset';
}

/**
 * A signal that aborts when the request's connection closes before its answer is complete; at
 * once when it has closed already (see whenClosed).
 */
function untilClientLeaves(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  const incoming = request.raw;
  whenClosed(incoming, () => {
    if (!incoming.complete || !incoming.socket?.writable) controller.abort();
  });
  return controller.signal;
}

const ruleFault = (rule: FaultRule | undefined): AppliedFault | null =>
  rule ? { source: 'rule', ruleId: rule.id, fault: rule.fault } : null;

/**
 * The request's fault: its own `Prefer` header wins; else the first fault rule that picks it (a
 * promise when the rules are shared through Redis, which counts the pick).
 */
function faultOf(
  request: FastifyRequest,
  rules: FaultRulesStore,
  admin: ContractValidator<AdminOperationId>,
): AppliedFault | null | Promise<AppliedFault | null> {
  const { prefer } = request.headers;
  // Most requests have no Prefer header: they skip its parser.
  const preferred =
    prefer === undefined
      ? undefined
      : faultFromPrefer(Array.isArray(prefer) ? prefer.join(', ') : prefer, admin);
  if (preferred) return { source: 'prefer', ruleId: null, fault: preferred };
  if (rules.isEmpty()) return null;
  const rule = rules.pick({
    method: request.method,
    path: request.url.split('?', 1)[0] as string,
    tokenName: request.auth?.tokenName,
    accountId: request.auth?.accountId,
  });
  return rule instanceof Promise ? rule.then(ruleFault) : ruleFault(rule);
}

/**
 * Faults on platform requests (see the admin contract's description), from the request's own
 * `Prefer` header or from the fault rules of `/_admin/faults`, so an unmodified client can be
 * broken too. Checked and applied after authentication and the scope check, so a bad token still
 * answers 401 and a fault never writes anything. `code` answers that status with its envelope
 * (`Retry-After: 1` on 429 and 503), `delay` waits first, `reset` closes the connection without an
 * answer; the stream's timing (`ttft`, `tps`, `disconnect-after`) stays on `request.fault` for the
 * chat operation (or, in proxy mode, the forwarded stream), and the journal shows the fault the
 * request got. `dropAnswer` is the one fault that lets the operation run: its answer is made (and
 * stored for an `Idempotency-Key`, whose hook runs before this one), then the connection is closed
 * before any of it is sent. In proxy mode faults apply to every forwarded request, before it is
 * forwarded. A fault that holds the connection (a delay, a stream's timing) makes the request
 * in-flight work: it takes a slot of its token's in-flight limit before anything waits, or answers
 * 429 (see in-flight-limit.ts), whether the fault came from the header or from a rule.
 */
async function faults(app: FastifyInstance, { rules }: { rules: FaultRulesStore }) {
  const admin = adminValidator();
  const slots = app.inFlight;
  // A callback hook: most requests get no fault, and answer without a promise or a turn of the
  // microtask queue spent here.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { operationId, proxied } = request.routeOptions.config;
    const found = operationId || proxied ? faultOf(request, rules, admin) : null;
    if (found === null) return done(null, payload);
    const apply = (applied: AppliedFault | null) => {
      if (!applied) return done(null, payload);
      request.fault = applied;
      applyFault(request, reply, applied.fault, slots).then(() => done(null, payload), done);
    };
    if (found instanceof Promise) found.then(apply, done);
    else apply(found);
  });
  // Last of an operation route's onSend hooks, so every other one has seen the answer.
  app.addHook('onRoute', (route) => {
    if ((route.config as FastifyContextConfig | undefined)?.operationId)
      appendRouteHook(route, 'onSend', dropAnswer);
  });
}

/**
 * Registered after authentication (a fault applies to an authenticated request) and the tenancy
 * limits, whose in-flight slots a held request takes; the app decorates `request.fault` itself, as
 * the journal and the operations read it whether or not faults are on.
 */
export const faultsPlugin = fp(faults, {
  name: 'faults',
  fastify: '5.x',
  decorators: { fastify: ['inFlight'], request: ['auth', 'fault'] },
});

/** A `dropAnswer` fault: the answer is ready; the client never gets it. */
const dropAnswer: onSendHookHandler = (request, _reply, payload, done) => {
  if (request.fault?.fault.dropAnswer) {
    if (request.journal) request.journal.outcome = 'reset';
    request.raw.socket.destroy();
  }
  done(null, payload);
};

/** The fault's fields that hold the connection open (the contract's `x-in-flight-limited` ones). */
const holdsConnection = (fault: Fault): boolean =>
  ADMIN_IN_FLIGHT_LIMITED.Fault.some((field) => fault[field] !== undefined);

/**
 * Takes an in-flight slot when the fault holds the connection, waits `delayMs`, then resets the
 * connection or answers `code`; else lets the request go on.
 */
async function applyFault(
  request: FastifyRequest,
  reply: FastifyReply,
  fault: Fault,
  slots: InFlightSlots,
): Promise<void> {
  if (holdsConnection(fault)) await slots.hold(request, reply);
  if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: untilClientLeaves(request) });
  if (fault.reset) {
    if (request.journal) request.journal.outcome = 'reset';
    throw new ConnectionReset();
  }
  if (fault.code !== undefined) {
    throw new ApiError(fault.code, [], fault.code === 429 || fault.code === 503 ? 1 : undefined);
  }
}
