/**
 * `GET /_admin/requests/stream`: the journal's new entries as Server-Sent Events, for the console
 * (and anyone else) to follow it live. Each follower is one listener on the journal (see
 * journal.ts: recording formats an entry only while someone listens), reaching what its caller
 * administers (admin-caller.ts): an account's entries, or every entry for an operator. The number
 * of followers is bounded by the contract's `x-max-streams` per account (operators counted
 * together), so one account cannot take every stream; a follower that stops reading is cut off
 * rather than buffered for without end, and every stream ends when the app closes so a shutdown
 * never waits on one.
 */
import { PassThrough } from 'node:stream';
import type { JournalEntry } from '@assistant-platform/types/admin';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { JournalStore } from '../contract/admin-stores.js';
import { ApiError } from '../contract/api-error.js';
import { adminCallerOf } from './admin-caller.js';
import { declaredBound } from './declared-bound.js';

/** The contract's bound on open streams per account, read from it rather than copied. */
export const MAX_STREAMS = declaredBound('/requests/stream', 'get', 'x-max-streams');

/** What the contract promises: a comment this often, and the most a slow reader may leave unread. */
const HEARTBEAT_MS = 15_000;
const MAX_UNREAD_BYTES = 1024 * 1024;

const eventOf = (entry: JournalEntry): string => `event: request\ndata: ${JSON.stringify(entry)}\n\n`;

/** The handler of `streamRequests`; `app` ends the open streams when it closes. */
export function journalStreamHandler(
  app: FastifyInstance,
  journal: JournalStore,
  options: { heartbeatMs?: number } = {},
): RouteHandlerMethod {
  /** The open streams, by reach. */
  const open = new Map<number | 'all', Set<PassThrough>>();
  app.addHook('preClose', async () => {
    for (const streams of open.values()) for (const stream of streams) stream.end();
  });
  return async (request, reply) => {
    const { reach } = adminCallerOf(request);
    const streams = open.get(reach) ?? new Set<PassThrough>();
    if (streams.size >= MAX_STREAMS) throw new ApiError(503, [], 1);
    const stream = new PassThrough();
    streams.add(stream);
    open.set(reach, streams);
    const stop = journal.onRecord(reach, (entry) => {
      if (stream.writableLength + stream.readableLength > MAX_UNREAD_BYTES) {
        request.log.warn('journal stream cut: the client reads too slowly');
        stream.destroy();
        return;
      }
      stream.write(eventOf(entry));
    });
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    // However it ends (client gone, cut off, app closing), the journal stops feeding it.
    stream.once('close', () => {
      clearInterval(heartbeat);
      stop();
      streams.delete(stream);
      if (streams.size === 0 && open.get(reach) === streams) open.delete(reach);
    });
    // Sent at once, so a client sees the stream open before the first entry.
    stream.write(': connected\n\n');
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream);
  };
}
