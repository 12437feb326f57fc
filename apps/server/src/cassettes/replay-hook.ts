/**
 * Replay mode (`--replay DIR`): a platform request that got past authentication, the rate limits,
 * the scope check, faults and body parsing is answered from its cassette (matched on its method,
 * path, canonical body and authentication outcome, see cassette-library.ts), before validation (a
 * recorded `400` replays too). A JSON answer is sent at once, byte for byte; a stream's headers and
 * events at their recorded times (counted from when this hook takes the request up) times
 * `--replay-speed`, each due time counted from that start so delays never add up, or at a stream fault's timing when the request
 * has one. A miss is answered by the engines or, with `--replay-miss error`, by a `501` naming the
 * nearest cassette; either way the journal's `replay` and the log say which cassette was nearest
 * and where it differs. The caller's token is the replaying server's to check, as always.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CassetteEvent, NearestCassette } from '@assistant-platform/types/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ReplayConfig } from '../config/proxy-config.js';
import { ReplayMissError } from '../contract/api-error.js';
import { abortOnDisconnect } from '../operations/abort-on-disconnect.js';
import { timed } from '../operations/chat-event-stream.js';
import { bytesOfBody, dataOf, eventText } from './cassette-format.js';
import type { CassetteLibrary, LoadedCassette } from './cassette-library.js';

/** Recorded headers a replaying server sends its own of (or none of). */
const NOT_REPLAYED = /^(?:x-request-id|content-length|date|ratelimit-.*|access-control-.*|vary)$/;

const TOKEN_WAS = { refused: 'a token the target refused (401)', accepted: 'a token the target accepted' };

function missMessage(
  method: string,
  path: string,
  nearest: NearestCassette | null,
): `No cassette matches ${string}` {
  if (nearest === null)
    return `No cassette matches ${method} ${path}: none was recorded for ${method} ${path}`;
  const places = nearest.distance - (nearest.authentication === undefined ? 0 : 1);
  const shown = nearest.differences.slice(0, 3).map((place) => (place === '' ? 'the whole body' : place));
  const more = places > shown.length ? `, … (${places} places)` : '';
  const body = shown.length > 0 ? `whose body differs at ${shown.join(', ')}${more}` : '';
  const auth =
    nearest.authentication === undefined ? '' : `recorded with ${TOKEN_WAS[nearest.authentication]}`;
  const why = body && auth ? `${body}, and ${auth}` : body || auth;
  return `No cassette matches ${method} ${path}: the nearest is ${nearest.cassette}, ${why}`;
}

/** The recorded events at their recorded times (× speed) from `start`. */
async function* recorded(
  events: readonly CassetteEvent[],
  start: number,
  speed: number,
  signal: AbortSignal,
) {
  for (const event of events) {
    const wait = start + event.atMs * speed - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    yield eventText(event.event, dataOf(event));
  }
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  { cassette }: LoadedCassette,
  speed: number,
  start: number,
): Promise<FastifyReply> {
  const { status, headers, body, events, headersAtMs } = cassette.response;
  reply.code(status);
  for (const [name, value] of Object.entries(headers))
    if (!NOT_REPLAYED.test(name)) reply.header(name, value);
  if (events === null) return reply.send(bytesOfBody(body));
  const signal = abortOnDisconnect(reply);
  const fault = request.fault?.fault;
  const paced = fault !== undefined && (fault.ttftMs || fault.tps || fault.disconnectAfter !== undefined);
  if (!paced) {
    const wait = start + headersAtMs * speed - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
  }
  const texts = paced
    ? timed(
        (async function* () {
          for (const event of events) yield eventText(event.event, dataOf(event));
        })(),
        {
          ...fault,
          cut: () => {
            if (request.journal) request.journal.outcome = 'disconnected';
            request.raw.socket.end();
          },
        },
        signal,
      )
    : recorded(events, start, speed, signal);
  return reply.send(Readable.from(texts));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How many cassettes a replaying server answers from; only a replaying server has it. */
    cassettes?: number;
  }
}

async function replay(
  app: FastifyInstance,
  { library, options }: { library: CassetteLibrary; options: ReplayConfig },
) {
  app.decorate('cassettes', library.size);
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.operationId) return;
    const start = performance.now();
    const path = request.url.split('?', 1)[0] as string;
    // The server authenticated the caller before this hook (an unknown token never gets here).
    const found = library.match(request.method, path, request.body, request.auth ? 'accepted' : 'refused');
    if (found.hit) {
      if (request.journal) request.journal.replay = { cassette: found.hit.file, nearest: null };
      return answer(request, reply, found.hit, options.speed, start);
    }
    if (request.journal) request.journal.replay = { cassette: null, nearest: found.nearest };
    const message = missMessage(request.method, path, found.nearest);
    request.log.warn({ nearest: found.nearest, miss: options.miss }, message);
    if (options.miss === 'error') throw new ReplayMissError(message);
  });
}

/** In front of the operations of the platform plugin it is registered in (plugins/engine-platform.ts). */
export const replayPlugin = fp(replay, { name: 'replay', fastify: '5.x', decorators: { request: ['auth'] } });
