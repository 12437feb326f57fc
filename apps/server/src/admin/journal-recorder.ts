/**
 * Records every platform request in the journal: the routes of the platform's operations (in proxy
 * mode, its one route that forwards them all) and any unknown path under `/v1` (never `/_admin`, `/docs`, `/healthz` or the contract), each once its
 * answer has ended or its connection closed. Registered before authentication, so requests that
 * fail it are recorded too. `JOURNAL_MAX=0` registers no hook at all.
 *
 * These hooks run on every platform request, and the journal may cost GET agent at most a tenth of
 * its throughput, so they do little: callbacks rather than promises, a small recording that holds
 * references, and the copying into the journal's slots once the exchange is over.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answersEventStream } from '../pipeline/route-hooks.js';
import type { RecordingJournal } from './journal.js';
import { JournalRecording } from './journal-recording.js';

const isPlatformPath = (url: string) => url.startsWith('/v1/') || url === '/v1' || url.startsWith('/v1?');

async function journalRecorder(app: FastifyInstance, { journal }: { journal: RecordingJournal }) {
  app.decorateRequest('journal', null);
  if (journal.options.max === 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    const { config } = request.routeOptions;
    const operationId = config.operationId ?? null;
    if (operationId === null && !config.proxied && !(request.is404 && isPlatformPath(request.url)))
      return done();
    const recording = new JournalRecording(request, reply.raw, operationId, journal.options.bodyMaxBytes);
    request.journal = recording;
    // `close` comes once per response: after its last byte, or when the connection goes first.
    reply.raw.on('close', () => {
      recording.stages = request.stages;
      journal.record(recording, request.auth, request.fault);
      recording.release();
    });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const recording = request.journal as JournalRecording | null;
    if (recording !== null) {
      // An event stream's writes are recorded as they go, a short planned answer's one buffer too.
      if (answersEventStream(reply)) recording.streamed(reply.raw);
      else recording.answered(payload);
    }
    done(null, payload);
  });
}

/** Not encapsulated: its hooks see every route registered after it. */
export const journalRecorderPlugin = fp(journalRecorder, { name: 'journal', fastify: '5.x' });
