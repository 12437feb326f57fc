import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { errorEnvelope } from '@assistant-platform/types';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { ServerConfig } from '../config/load-config.js';
import { whenClosed } from './response-listeners.js';
import { answersEventStream, appendRouteHook, isStream, onStreamRoutes } from './route-hooks.js';

/**
 * Stopping without failing a request: a restart behind a balancer (SIGTERM, see server.ts) drops
 * nothing a client sent.
 *
 * 1. `app.drain.start()`: the instance says it is draining (/healthz answers 503, see
 *    meta-routes.ts) and keeps serving everything that still arrives, for `delayMs`: a balancer
 *    asking /healthz stops sending here meanwhile. A balancer slowed by a loaded machine may take
 *    longer, so it then waits until a second has passed without a request (other than /healthz),
 *    for at most `delayMs` more. Each answer says `Connection: close`, so no connection is left
 *    idle for the balancer to send on while the instance closes it.
 * 2. Then the app closes: it stops accepting connections, closes idle ones (see app.ts), and lets
 *    the requests in flight finish, streams included.
 * 3. A stream still open `timeoutMs` after closing began ends with the terminal
 *    `event: error` carrying the 503 envelope (the contract's ChatStreamError: retry it), never
 *    with a cut that reads like a network failure; a second later whatever is left is closed.
 *
 * `app.close()` alone (SIGINT, tests) does steps 2 and 3.
 */

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export interface Drain {
  /** True from `start()` (or the app's close) on. */
  readonly draining: boolean;
  /** Reports draining, serves `delayMs` more, then closes the app; resolves once it is closed. */
  start(): Promise<void>;
}

/** The terminal event of a stream the shutdown ended. */
const DRAINED_EVENT = `event: error\ndata: ${JSON.stringify(errorEnvelope(503))}\n\n`;
/** After the streams' terminal events, how long before the remaining connections are closed. */
const LAST_GRACE_MS = 1_000;
/** No request for this long after the delay: the balancer has stopped sending. */
const QUIET_MS = 1_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function registerDrainOnClose(app: FastifyInstance, config: ServerConfig['drain']): void {
  let draining = false;
  let closingConnections = false;
  let closing: Promise<void> | undefined;
  const streams = new Set<() => void>();
  let deadline: NodeJS.Timeout | undefined;

  app.decorate('drain', {
    get draining() {
      return draining;
    },
    start() {
      if (closing) return closing;
      draining = true;
      answerConnectionClose();
      app.log.info(
        { delayMs: config.delayMs },
        'draining: /healthz answers 503, serving until the balancer stops sending',
      );
      closing = untilQuiet().then(() => app.close());
      return closing;
    },
  } satisfies Drain);

  /** `delayMs`, then until no request came for QUIET_MS, `delayMs` at most. */
  async function untilQuiet(): Promise<void> {
    let lastRequestAt = performance.now();
    const onRequest = (request: IncomingMessage) => {
      if (request.url !== '/healthz') lastRequestAt = performance.now();
    };
    app.server.on('request', onRequest);
    await sleep(config.delayMs);
    const latest = performance.now() + config.delayMs;
    while (performance.now() - lastRequestAt < QUIET_MS && performance.now() < latest) await sleep(100);
    app.server.off('request', onRequest);
  }

  /**
   * From now on every answer says `Connection: close`. Listened to only while draining or closing,
   * so no request pays for it otherwise; before Fastify's own listener, which may answer at once.
   */
  function answerConnectionClose(): void {
    if (closingConnections) return;
    closingConnections = true;
    app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) =>
      response.setHeader('connection', 'close'),
    );
  }

  app.addHook('preClose', async () => {
    draining = true;
    answerConnectionClose();
    deadline = setTimeout(() => {
      for (const end of streams) end();
      setTimeout(() => app.server.closeAllConnections(), LAST_GRACE_MS).unref();
    }, config.timeoutMs);
    deadline.unref();
  });
  app.addHook('onClose', async () => clearTimeout(deadline));

  // Only the routes whose operation may stream carry it.
  const endStreams: onSendHookHandler = (_request, reply, payload, done) => {
    if (isStream(payload) && answersEventStream(reply)) endable(payload, reply.raw, streams);
    done(null, payload);
  };
  onStreamRoutes(app, (route) => appendRouteHook(route, 'onSend', endStreams));
}

/**
 * Lets the shutdown end the answer Fastify pipes `source` into after any whole event: the source's
 * chunks are whole events, so unpiping between two never splits one. The answer then ends with the
 * terminal event, and once it has, Fastify destroys the source (as it does whenever an answer ends
 * before its source), which stops the engine. Errors and a source cut short are Fastify's to handle
 * too: it cuts the answer.
 */
function endable(source: Readable, response: ServerResponse, streams: Set<() => void>): void {
  const end = () => {
    if (response.writableEnded || response.destroyed) return;
    source.unpipe(response);
    response.end(DRAINED_EVENT);
  };
  streams.add(end);
  whenClosed(response, () => streams.delete(end));
}
