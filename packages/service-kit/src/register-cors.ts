import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CORS_EXPOSED_HEADERS, type CorsOrigins } from './cors-origins.js';

/**
 * CORS, so a browser app on a dev port (or any allowed origin) can call the service (the API with the
 * SDK, the gateway with its tRPC client). Registered before authentication: a preflight carries no
 * token, so it is answered here, before the token check and the rate limiter ever see it. Tokens travel in `Authorization`, never in cookies,
 * so credentials are not allowed. An origin outside `CORS_ORIGINS` gets no CORS header at all (its
 * preflight falls through to the 404 envelope), and the browser keeps the answer from the page.
 */
export async function registerCors(
  app: FastifyInstance,
  origins: CorsOrigins,
  methods: readonly string[],
): Promise<void> {
  await app.register(cors, {
    origin:
      origins === '*'
        ? '*'
        : (origin: string | undefined, allow: (error: Error | null, allowed: boolean) => void) =>
            allow(null, origin !== undefined && origins.includes(origin)),
    methods: [...methods],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    // Browsers cache a preflight this many seconds (Chromium caps it at 7200).
    maxAge: 600,
    // A bare OPTIONS (no Origin) is not a preflight: let it reach the router and its envelope.
    strictPreflight: false,
  });
}
