import { setTimeout as sleep } from 'node:timers/promises';
import { type AppliedFault, adminContract } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../contract/api-error.js';
import { faultFromPrefer } from './prefer-header.js';

/** Thrown to end a request without an answer: the error handler closes its connection. */
export class ConnectionReset extends Error {
  override name = 'ConnectionReset';
}

/** A signal that aborts when the request's connection closes before its answer is complete. */
function untilClientLeaves(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || !request.raw.socket?.writable) controller.abort();
  });
  return controller.signal;
}

/**
 * Faults on platform requests (see the admin contract's description): the request's own `Prefer`
 * header, checked and applied after authentication and the scope check, so a bad token still
 * answers 401 and a fault never writes anything. `code` answers that status with its envelope
 * (`Retry-After: 1` on 429 and 503), `delay` waits first, `reset` closes the connection without an
 * answer; the stream's timing (`ttft`, `tps`, `disconnect-after`) stays on `request.fault` for the
 * chat operation.
 */
export function registerFaults(app: FastifyInstance): void {
  const admin = new ContractValidator(adminContract);
  app.decorateRequest('fault', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.config.operationId) return payload;
    const { prefer } = request.headers;
    const fault = faultFromPrefer(Array.isArray(prefer) ? prefer.join(', ') : prefer, admin);
    if (!fault) return payload;
    request.fault = { source: 'prefer', ruleId: null, fault } satisfies AppliedFault;
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: untilClientLeaves(request) });
    if (fault.reset) throw new ConnectionReset();
    if (fault.code !== undefined) {
      throw new ApiError(fault.code, [], fault.code === 429 || fault.code === 503 ? 1 : undefined);
    }
    return payload;
  });
}
