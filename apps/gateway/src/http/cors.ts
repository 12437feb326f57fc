/**
 * CORS, so a browser app (React, on a dev port) can call the gateway with `createGatewayClient`.
 * Registered before tRPC: a preflight carries no token and is answered here. Tokens travel in
 * `Authorization`, never in cookies, so credentials are not allowed. An origin outside
 * `CORS_ORIGINS` gets no CORS header at all, and the browser keeps the answer from the page.
 */

import { CORS_EXPOSED_HEADERS, type CorsOrigins } from '@assistant-platform/types';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export async function registerCors(app: FastifyInstance, origins: CorsOrigins): Promise<void> {
  await app.register(cors, {
    origin:
      origins === '*'
        ? '*'
        : (origin: string | undefined, allow: (error: Error | null, allowed: boolean) => void) =>
            allow(null, origin !== undefined && origins.includes(origin)),
    // tRPC queries and subscriptions are GETs, mutations POSTs.
    methods: ['GET', 'HEAD', 'POST'],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    // Browsers cache a preflight this many seconds (Chromium caps it at 7200).
    maxAge: 600,
    // A bare OPTIONS (no Origin) is not a preflight: let it reach the router.
    strictPreflight: false,
  });
}
