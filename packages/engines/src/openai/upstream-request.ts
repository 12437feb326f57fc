/**
 * The one place that talks HTTP to the upstream: a JSON POST with our credentials, request id and
 * trace context, guarded by the silence watchdog, with every failure already mapped to an EngineError.
 */
import type { EngineCallOptions, EngineLogger, UpstreamConfig } from '../types.js';
import { httpFailure, malformedAnswer, transportFailure, type UpstreamContext } from './upstream-errors.js';
import { startUpstreamWatchdog, type UpstreamWatchdog } from './upstream-watchdog.js';

export interface UpstreamExchange {
  /** A 2xx response whose body is not read yet. */
  response: Response;
  /** Still armed: whoever reads the body must `release()` it when done. */
  watchdog: UpstreamWatchdog;
  context: UpstreamContext;
}

export function upstreamContext(
  kind: UpstreamContext['kind'],
  config: UpstreamConfig,
  path: string,
  requestId: string,
  logger: EngineLogger,
  images = false,
): UpstreamContext {
  return { kind, images, url: `${config.url.replace(/\/+$/, '')}${path}`, requestId, logger };
}

/** Resolves once the upstream answered 2xx; any other outcome throws a mapped EngineError. */
export async function postUpstream(
  config: UpstreamConfig,
  context: UpstreamContext,
  body: unknown,
  options: EngineCallOptions,
): Promise<UpstreamExchange> {
  const watchdog = startUpstreamWatchdog(config.timeoutMs, options.signal);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-request-id': options.requestId,
  };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  // The upstream's own tracing continues the caller's trace.
  if (options.traceparent !== undefined) headers.traceparent = options.traceparent;
  try {
    const response = await fetch(context.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: watchdog.signal,
    });
    if (!response.ok) throw await httpFailure(response, context);
    watchdog.touch();
    return { response, watchdog, context };
  } catch (error) {
    watchdog.release();
    throw transportFailure(error, watchdog, context);
  }
}

/** Reads a whole JSON body (still under the watchdog) and releases the call. */
export async function readJsonBody(exchange: UpstreamExchange): Promise<unknown> {
  const { response, watchdog, context } = exchange;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportFailure(error, watchdog, context);
  } finally {
    watchdog.release();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformedAnswer(`body is not JSON: ${text.slice(0, 200)}`, context);
  }
}
