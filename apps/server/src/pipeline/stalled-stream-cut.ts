/**
 * Cuts a streamed answer whose client stopped reading it. A client that never reads does not
 * grow the server's buffers (the stream is piped, so it waits once the connection's buffer is
 * full), but it holds everything its stream holds (the engine's planned answer, the journal's
 * recording, a socket, an in-flight slot) for as long as it likes. So once the answer's buffer has
 * stayed full for `stallMs` (STREAM_STALL_TIMEOUT_MS; the platform contract's "Time limits"), the
 * connection is destroyed: the client sees the stream end without its terminal event, as any cut
 * stream, the journal shows `stalled`, and what the stream held is let go. A client that reads,
 * however slowly, empties the buffer now and then and is never cut: its memory is bounded by the
 * buffer, its count by the in-flight limit.
 *
 * "Full" is Node's own `writableNeedDrain` (a write was refused and no `drain` came since),
 * sampled a few times per `stallMs`; a stream's check costs one timer, and only the routes of the
 * platform's operations that may stream (the chat operation's, replayed or not) carry it.
 * The proxy writes its answers itself (reply.hijack), so it would call `watchForStall` itself.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { whenClosed } from './response-listeners.js';
import { answersEventStream, appendRouteHook, isStream, onStreamRoutes } from './route-hooks.js';

/** Calls `cut` once `response` has been unable to take more for `stallMs`; stops when it closes. */
export function watchForStall(response: ServerResponse, stallMs: number, cut: () => void): void {
  const every = Math.min(1000, Math.max(25, Math.floor(stallMs / 4)));
  let fullSince: number | undefined;
  const timer = setInterval(() => {
    // A pipelined request's answer has no socket until the answers before it are done: it waits
    // its turn, not for its client.
    if (!response.writableNeedDrain || !response.socket) {
      fullSince = undefined;
      return;
    }
    const now = Date.now();
    fullSince ??= now;
    if (now - fullSince < stallMs) return;
    clearInterval(timer);
    cut();
  }, every);
  timer.unref();
  whenClosed(response, () => clearInterval(timer));
}

function cutStalled(request: FastifyRequest, stallMs: number): void {
  if (request.journal) request.journal.outcome = 'stalled';
  request.log.warn({ stallMs }, 'stream cut: its client stopped reading');
  request.raw.socket?.destroy();
}

/** Watches the streamed answers of the operations that stream for a client that stopped reading. */
export function registerStalledStreamCut(app: FastifyInstance, stallMs: number): void {
  const watch: onSendHookHandler = (request, reply, payload, done) => {
    // A short planned answer is one buffer, not a stream, and its client may stop reading it too.
    if (isStream(payload) || answersEventStream(reply))
      watchForStall(reply.raw, stallMs, () => cutStalled(request, stallMs));
    done(null, payload);
  };
  onStreamRoutes(app, (route) => {
    if ((route.config as FastifyContextConfig | undefined)?.operationId)
      appendRouteHook(route, 'onSend', watch);
  });
}
