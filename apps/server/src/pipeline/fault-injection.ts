import { isErrorStatus } from '@assistant-platform/types';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../contract/api-error.js';

const PREFER_CODE = /(?:^|[\s,;])code=(\d{3})(?:$|[\s,;])/;

/**
 * `Prefer: code=429` (or 400/401/403/404/500) on an API route answers that status with its exact
 * envelope, after authentication, so client developers can exercise their error handling.
 * Registered after the auth hooks, so a bad token still answers 401. Platform routes only: the
 * admin API (also scoped) must keep working while clients are being broken.
 */
export function registerFaultInjection(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    if (!request.routeOptions.config.operationId) return;
    const prefer = request.headers.prefer;
    if (typeof prefer !== 'string') return;
    const code = Number(PREFER_CODE.exec(prefer)?.[1]);
    if (!isErrorStatus(code)) return;
    if (code === 400) throw ApiError.badRequest('header.prefer', 'fault injected by the Prefer header');
    throw new ApiError(code, [], code === 429 ? 1 : undefined);
  });
}
