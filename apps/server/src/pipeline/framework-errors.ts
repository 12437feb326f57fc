import { errorEnvelope } from '@assistant-platform/types';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's `frameworkErrors`: failures before routing (a URL with bad percent-encoding) skip the
 * hooks and the error handler, so this answers them with the envelope and the request id itself.
 */
export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? 'is not a valid URL' : 'is invalid';
  reply
    .header('x-request-id', request.id)
    .code(400)
    .send(errorEnvelope(400, [{ path: 'path', message }]));
}
