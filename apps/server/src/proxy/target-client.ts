/**
 * The proxy's HTTP client of its target: undici 6 (the library Node's own `fetch` is built on) used
 * directly through `request()`. It gives the answer's body as a Node stream that the proxy passes to
 * the client chunk by chunk, while it checks (and records) a copy, and it keeps connections to the
 * target alive across requests. Node's `fetch` would wrap the same client in WHATWG streams and
 * Headers objects for nothing; `@fastify/reply-from` would own the answer's piping, which is where
 * the checks must sit. The target's failures become the admin contract's `502` and `504`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent, errors, request } from 'undici';
import type { ProxyConfig } from '../config/proxy-config.js';
import { ApiError } from '../contract/api-error.js';
import { confinedUrl } from './confined-path.js';

export interface TargetAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

export interface TargetClient {
  /** The target's base URL (ending in `/v1`). */
  readonly target: string;
  /** Its host (and port), for the forwarded `Host` header. */
  readonly host: string;
  /**
   * The target URL of a request's path (and query) after `/v1`; throws ApiError 400 if it would
   * leave the target's base path (see confined-path.ts).
   */
  urlOf(pathAndQuery: string): string;
  /**
   * Sends a request (`path` and query after `/v1`, refused with ApiError 400 if it would leave the
   * target's base path); a target that fails to answer throws ApiError 502 or 504.
   */
  send(input: {
    method: string;
    pathAndQuery: string;
    headers: string[];
    body: Buffer | undefined;
    signal: AbortSignal;
  }): Promise<TargetAnswer>;
  /** Whether the target answers HTTP at all (any status), within two seconds. */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

const HEALTH_TIMEOUT_MS = 2000;

export function createTargetClient(
  config: ProxyConfig,
  log: { warn(details: object, message: string): void },
): TargetClient {
  const url = new URL(config.target);
  const agent = new Agent({
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    keepAliveTimeout: 4000,
  });
  const urlOf = (pathAndQuery: string) => confinedUrl(config.target, pathAndQuery, url.pathname);
  return {
    target: config.target,
    host: url.host,
    urlOf,
    async send({ method, pathAndQuery, headers, body, signal }) {
      const url = urlOf(pathAndQuery);
      try {
        const answer = await request(url, {
          method: method as 'GET',
          headers,
          body: body !== undefined && body.length > 0 ? body : null,
          dispatcher: agent,
          signal,
        });
        return {
          status: answer.statusCode,
          headers: answer.headers as IncomingHttpHeaders,
          body: answer.body,
        };
      } catch (error) {
        if (signal.aborted) throw error;
        const timedOut =
          error instanceof errors.HeadersTimeoutError || error instanceof errors.ConnectTimeoutError;
        log.warn(
          { err: error, target: config.target },
          `the target ${timedOut ? 'did not answer in time' : 'could not be reached'}`,
        );
        throw new ApiError(timedOut ? 504 : 502);
      }
    },
    async answers() {
      try {
        const answer = await request(config.target, {
          method: 'GET',
          dispatcher: agent,
          headersTimeout: HEALTH_TIMEOUT_MS,
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        await answer.body.dump();
        return true;
      } catch {
        return false;
      }
    },
    close: () => agent.close(),
  };
}
