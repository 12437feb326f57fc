/**
 * A vitest setup file: records every answer a reference server in this worker gives, as one JSON
 * line of (API, operation, method, URL, status, headers, body, the test file), for the run's
 * check (check-answers.mjs). Fastify announces each instance it makes on the diagnostics channel
 * `fastify.initialization`, before any plugin or route, so every app a suite builds (app.inject,
 * startReferenceServer, the bundle's copy of Fastify too: channels are per process) gets the two
 * hooks below, and no suite changes. An answer is recorded when its route is an operation of a
 * contract (`operationId`, `adminOperationId`) or no route took it under `/v1/` or `/_admin/`;
 * a proxy's forwarded answers are the target's, and other services' (the gateway's) are not the
 * contracts', so neither is. An answer a `code` fault made, or a replaying server's miss, is marked
 * as such: admin.yaml declares those. Lines are kept in memory and appended to this worker's own file after
 * each test file, so parallel workers never share a file and a test pays no I/O.
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';

/** A body beyond this is recorded as cut, and only its head is checked. */
const MAX_BODY_BYTES = 1024 * 1024;
const FLUSH_BYTES = 4 * 1024 * 1024;
/** Served beside the admin API, but no operation of it. */
const NOT_OPERATIONS = new Set(['/_admin/openapi.json', '/_admin/openapi.yaml']);

// One recorder per worker process: a project that does not isolate its files runs this file again
// for each of them in the same process, and must not hook every app twice.
const RECORDER = Symbol.for('assistant-platform.contract-answers');
globalThis[RECORDER] ??= { subscribed: false, lines: [], bytes: 0, file: '' };
const recorder = globalThis[RECORDER];
recorder.file = join(
  inject('contractAnswersDir'),
  `${process.pid}-${process.env.VITEST_POOL_ID ?? '0'}.jsonl`,
);
const payloads = new WeakMap();

function flush() {
  if (recorder.lines.length === 0) return;
  appendFileSync(recorder.file, recorder.lines.join(''));
  recorder.lines = [];
  recorder.bytes = 0;
}

/** Which API and operation an answer is of, or undefined when it is none of the contracts'. */
function operationOf(request) {
  const config = request.routeOptions?.config ?? {};
  if (typeof config.operationId === 'string') return { api: 'platform', operationId: config.operationId };
  if (typeof config.adminOperationId === 'string')
    return { api: 'admin', operationId: config.adminOperationId };
  if (!request.is404) return undefined;
  const path = request.url.split('?', 1)[0];
  if (path.startsWith('/v1/')) return { api: 'platform', operationId: null };
  if (path.startsWith('/_admin/') && !NOT_OPERATIONS.has(path)) return { api: 'admin', operationId: null };
  return undefined;
}

/** Header values as the client reads them: text (Fastify keeps a number as given). */
function headersOf(headers) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(String) : String(value),
    ]),
  );
}

function bodyOf(method, payload) {
  // A HEAD answer's body is never sent.
  if (method === 'HEAD' || payload === undefined || payload === null) return {};
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const buffer = Buffer.from(payload);
    return buffer.length > MAX_BODY_BYTES ? { cut: true } : { text: buffer.toString('utf8') };
  }
  // A stream (an event stream, a file): its head is checked.
  return { stream: true };
}

function hookInto({ fastify }) {
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    payloads.set(request, payload);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const operation = operationOf(request);
    if (operation !== undefined) {
      const code = request.fault?.fault?.code;
      // A replaying server's miss (admin.yaml's ReplayMissError): no cassette answered.
      const replayMiss = reply.statusCode === 501 && request.journal?.replay?.cassette === null;
      const line = `${JSON.stringify({
        ...operation,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        headers: headersOf(reply.getHeaders()),
        ...bodyOf(request.method, payloads.get(request)),
        ...(code === undefined ? {} : { fault: code }),
        ...(replayMiss ? { replayMiss } : {}),
        testFile: expect.getState().testPath ?? null,
      })}\n`;
      recorder.lines.push(line);
      recorder.bytes += line.length;
      if (recorder.bytes > FLUSH_BYTES) flush();
    }
    done();
  });
}

if (!recorder.subscribed) {
  recorder.subscribed = true;
  subscribe('fastify.initialization', hookInto);
}

afterAll(flush);
