/**
 * The tRPC instance: the error shape every caller sees and the procedure builders. Errors carry
 * `data.requestId`, `data.errors` (the bad fields of a BAD_REQUEST) and `data.retryAfterMs` (on
 * TOO_MANY_REQUESTS); an INTERNAL_SERVER_ERROR carries a fixed message and nothing else.
 */
import { ContractValidationError, ERROR_MESSAGES, type ValidationIssue } from '@assistant-platform/types';
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { INTERNAL_MESSAGE, UpstreamFailure } from '../upstream/to-trpc-error.js';
import type { GatewayContext } from './context.js';

/** `error.data` of every gateway error, as a product team's tRPC client receives it. */
export interface GatewayErrorData {
  code: TRPC_ERROR_CODE_KEY;
  httpStatus: number;
  path?: string;
  /** The request id of the gateway call; the platform saw the same id. */
  requestId?: string;
  /** BAD_REQUEST: each bad field, as `{ path, message }`. */
  errors?: ValidationIssue[];
  /** TOO_MANY_REQUESTS: how long the platform asked to wait, in milliseconds. */
  retryAfterMs?: number;
}

const t = initTRPC.context<GatewayContext>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  sse: {
    // Keeps idle streams alive through proxies while a slow model thinks.
    ping: { enabled: true, intervalMs: 10_000 },
  },
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    const errors =
      cause instanceof ContractValidationError
        ? cause.issues
        : cause instanceof UpstreamFailure && cause.status === 400
          ? cause.errors
          : undefined;
    const retryAfterMs = cause instanceof UpstreamFailure ? cause.retryAfterMs : undefined;
    const data: GatewayErrorData = {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      ...(shape.data.path === undefined ? {} : { path: shape.data.path }),
      ...(ctx ? { requestId: ctx.requestId } : {}),
      ...(errors ? { errors } : {}),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
    const message = error.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_MESSAGE : shape.message;
    return { ...shape, message, data };
  },
});

export const router = t.router;

/**
 * Procedures that call the platform, in one middleware (each level of tRPC middleware copies the
 * call's options and context, a measurable part of a gateway call: bench/gateway-overhead.mjs):
 * - a caller without a token is turned away before any call;
 * - with tracing on, each call is a span under its HTTP request's (a batch's calls are siblings),
 *   following the RPC conventions, and the platform calls it makes carry its `traceparent` (a
 *   subscription's span ends when the subscription starts);
 * - every call is counted by procedure and outcome when it answers (a subscription when it starts).
 */
export const platformProcedure = t.procedure.use(async ({ ctx, path, type, next }) => {
  const span = ctx.traceCall?.(`trpc ${path}`, {
    'rpc.system': 'trpc',
    'rpc.method': path,
    'trpc.type': type,
  });
  const call = () => {
    const { token } = ctx;
    if (token === undefined) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES[401] });
    const upstreamHeaders =
      span === undefined ? ctx.upstreamHeaders : { ...ctx.upstreamHeaders, traceparent: span.traceparent };
    const platform = ctx.services.platformFor(token, upstreamHeaders, (headers) =>
      Object.assign(ctx.deprecationHeaders, headers),
    );
    return next({ ctx: { token, platform, upstreamHeaders } });
  };
  let result: Awaited<ReturnType<typeof call>>;
  try {
    result = await call();
  } catch (cause) {
    // Thrown here (no token): counted and ended as an answered error, then answered by tRPC as before.
    const error = getTRPCErrorFromUnknown(cause);
    ctx.services.countCall(path, error.code);
    span?.end({ error, attributes: { 'trpc.error_code': error.code } });
    throw error;
  }
  ctx.services.countCall(path, result.ok ? 'ok' : result.error.code);
  span?.end(result.ok ? {} : { error: result.error, attributes: { 'trpc.error_code': result.error.code } });
  return result;
});

/**
 * Procedures whose input is what an end user wrote (a chat): taken in a POST body only. A GET
 * carries its input in the URL, which access logs and proxies keep; tRPC runs a subscription over
 * either once method override is allowed, so a GET is refused here, before any platform call.
 */
export const bodyInputProcedure = platformProcedure.use(({ ctx, path, next }) => {
  if (ctx.method !== 'POST') {
    throw new TRPCError({
      code: 'METHOD_NOT_SUPPORTED',
      message: `${path} takes its input in a POST body, never in the URL: call it with @assistant-platform/gateway-client`,
    });
  }
  return next();
});
