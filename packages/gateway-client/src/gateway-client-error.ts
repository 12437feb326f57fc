/**
 * The client's own failures, told apart from the gateway's answers: `GATEWAY_UNREACHABLE` (no
 * answer at all: connection refused, an unknown host, a reset) and `NOT_A_GATEWAY` (something
 * answered, but not tRPC: the platform's URL given for the gateway's, a web page, a proxy's error
 * page). tRPC reports both as `fetch failed` or "Unable to transform response from server", with
 * no code and no address; these carry a `code`, the `url` tried and the `cause`.
 *
 * A subclass of `TRPCClientError`, so tRPC passes it through its links unchanged and code that
 * handles every call's `TRPCClientError` still does; `error.data` stays the gateway's own (absent
 * here: the gateway never answered).
 */
import { TRPCClientError } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';

export type GatewayClientErrorCode = 'GATEWAY_UNREACHABLE' | 'NOT_A_GATEWAY';

export class GatewayClientError extends TRPCClientError<AnyRouter> {
  constructor(
    readonly code: GatewayClientErrorCode,
    /** The URL the client called (the gateway's `/trpc` URL and the procedure's path). */
    readonly url: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause: cause instanceof Error ? cause : undefined });
    // TRPCClientError resets the prototype to its own; put the subclass's back.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'GatewayClientError';
  }
}

/** Whether `error` is one of the client's own failures (any of them, or the one with `code`). */
export function isGatewayClientError(
  error: unknown,
  code?: GatewayClientErrorCode,
): error is GatewayClientError {
  return error instanceof GatewayClientError && (code === undefined || error.code === code);
}

/** The system's reason a request got no answer (`ECONNREFUSED`, `ENOTFOUND` …), as Node's fetch nests it. */
function systemCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = cause.cause;
  }
  return undefined;
}

const withoutQuery = (url: string) => url.split('?', 1)[0] as string;

/** The failure of a request that got no answer; an aborted one is the caller's, and stays as it is. */
export function unreachable(url: string, error: unknown): unknown {
  if (error instanceof Error && error.name === 'AbortError') return error;
  const code = systemCode(error);
  return new GatewayClientError(
    'GATEWAY_UNREACHABLE',
    withoutQuery(url),
    `Cannot reach the gateway at ${withoutQuery(url)}${code === undefined ? '' : ` (${code})`}: is it running, and is this its address?`,
    error,
  );
}

/** An answer that is not tRPC's: what it was, and what to check. */
export function notAGateway(url: string, status: number, contentType: string | null): GatewayClientError {
  const what = contentType ? `${status} ${contentType.split(';', 1)[0]}` : String(status);
  return new GatewayClientError(
    'NOT_A_GATEWAY',
    withoutQuery(url),
    `${withoutQuery(url)} answered ${what}, which is not the gateway's tRPC: is this the gateway's URL (not the platform's)?`,
  );
}
