/**
 * What one account may have a server hold at once, decided before anything reads a request's body:
 * its requests in flight, and the bytes of their bodies (as `Content-Length` declares them; a body
 * sent without one counts as the largest a body may be). Whatever else a request costs — receiving
 * its body, parsing and validating it, its operation, writing its answer — runs on the one event
 * loop every account shares, first come first served, so the depth of one account's backlog there is
 * what another account's request waits behind, and its bodies are what the process holds in memory.
 * Bounded per account, one more request answers 429 with the busy message at once, costing only its
 * headers (Node discards a refused request's body as it arrives, without buffering it), and no other
 * account is refused. Counted per instance: it protects this process's event loop and memory, which
 * instances do not share.
 *
 * It covers the platform's operations (and the proxy's route); the admin API is the operators' and
 * each account's administration, whose journal streams stay open for as long as a console does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import { tenantOf } from './request-tenant.js';
import { whenClosed } from './response-listeners.js';

export interface AdmissionLimits {
  /** Requests one account may have in flight at once. */
  maxRequests: number;
  /** Bytes of request bodies one account may have in flight at once (at least the body limit). */
  maxBodyBytes: number;
}

/** The bytes a request's body will hold: its declared length, or the most any body may have. */
function declaredBytes(request: FastifyRequest, bodyLimit: number): number {
  const length = request.headers['content-length'];
  if (length !== undefined) return Math.min(Number(length) || 0, bodyLimit);
  return request.headers['transfer-encoding'] === undefined ? 0 : bodyLimit;
}

export function registerAccountAdmission(
  app: FastifyInstance,
  limits: AdmissionLimits,
  bodyLimit: number,
): void {
  const held = new Map<string, { requests: number; bytes: number }>();
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { operationId, proxied } = request.routeOptions.config;
    if (!operationId && !proxied) return done(null, payload);
    const account = tenantOf(request).account;
    const bytes = declaredBytes(request, bodyLimit);
    let entry = held.get(account);
    if (entry && (entry.requests >= limits.maxRequests || entry.bytes + bytes > limits.maxBodyBytes))
      return done(ApiError.busy(1));
    if (!entry) {
      entry = { requests: 0, bytes: 0 };
      held.set(account, entry);
    }
    const holding = entry;
    holding.requests++;
    holding.bytes += bytes;
    // At the answer's close, or at once when its client left while the request was authenticated.
    whenClosed(reply.raw, () => {
      holding.requests--;
      holding.bytes -= bytes;
      if (holding.requests === 0) held.delete(account);
    });
    done(null, payload);
  });
}
