/**
 * Records every platform request in the journal: the routes of the platform's operations and any
 * unknown path under `/v1` (never `/_admin`, `/docs`, `/healthz` or the contract), each once its
 * answer has ended or its connection closed. Registered before authentication, so requests that
 * fail it are recorded too. Its hooks take callbacks rather than promises, and do no more than
 * keep references (see journal-recording.ts), because they run on every platform request.
 * `JOURNAL_MAX=0` registers no hook at all.
 */
import type { FastifyInstance } from 'fastify';
import type { Journal } from './journal.js';
import { JournalRecording } from './journal-recording.js';

const isPlatformPath = (url: string) => url.startsWith('/v1/') || url === '/v1' || url.startsWith('/v1?');

const isStream = (payload: unknown) =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { pipe?: unknown }).pipe === 'function';

export function registerJournalRecorder(app: FastifyInstance, journal: Journal): void {
  app.decorateRequest('journal', null);
  if (journal.options.max === 0) return;
  const { bodyMaxBytes } = journal.options;
  app.addHook('onRequest', (request, reply, done) => {
    const { operationId } = request.routeOptions.config;
    if (operationId === undefined && !(request.is404 && isPlatformPath(request.url))) return done();
    const recording = new JournalRecording(
      request.id,
      request.method,
      request.url,
      operationId ?? null,
      request.headers,
    );
    request.journal = recording;
    // `close` comes once per response: after its last byte, or when the connection goes first.
    reply.raw.once('close', () => {
      const { auth } = request;
      const token = auth ? { name: auth.tokenName, accountId: auth.accountId } : null;
      recording.finished(reply.raw, reply.getHeaders(), token, bodyMaxBytes);
      journal.record(recording);
    });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const recording = request.journal as JournalRecording | null;
    if (recording !== null) {
      const type = reply.getHeader('content-type');
      if (isStream(payload) && typeof type === 'string' && type.startsWith('text/event-stream'))
        recording.streamed(reply.raw);
      else recording.answered(payload);
    }
    done(null, payload);
  });
}
