/**
 * Fastify's `genReqId` for both services: the caller's `x-request-id` when it is what the platform
 * accepts (1–128 visible ASCII characters), else a fresh UUID. Fastify logs it with every line of the
 * request; the gateway returns it and passes it upstream, so one id follows a call through both.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isClientRequestId } from '@assistant-platform/types';

export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return isClientRequestId(header) ? header : randomUUID();
}
