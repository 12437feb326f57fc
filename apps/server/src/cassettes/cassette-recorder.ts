/**
 * Writes each complete proxied exchange as a cassette file (`--record DIR`, the admin contract's
 * `Cassette`): pretty JSON with its keys in a fixed order and headers sorted, one file per
 * exchange named `<sequence>-<method>-<path>.json` (`0007-post-agents-chat-request.json`), the
 * sequence going on from the highest already in the folder, so files sort in the order the
 * exchanges ended and a second session adds to the first. Secrets never reach a file: secret
 * headers and query parameters are `[redacted]` (redaction.ts). A request's body is kept as its
 * JSON value whenever it is JSON (cassette-format.ts). Of the request, only the headers that say
 * what it is are kept (`content-type`, `accept`, `x-request-id`, and `authorization`, redacted,
 * when sent); of the answer, all but
 * `date`, `content-length` and `content-encoding` (the body is kept decoded) and the hop-by-hop
 * ones. A file is written to a temporary name and renamed, so a reader never sees half of one.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { Cassette, CassetteEvent } from '@assistant-platform/types/admin';
import type { FastifyBaseLogger } from 'fastify';
import { cassetteBodyOf, cassetteEventOf, requestBodyOf } from './cassette-format.js';
import { Redaction, type RedactionLists } from './redaction.js';

const REQUEST_HEADERS = new Set(['content-type', 'accept', 'x-request-id', 'authorization', 'cookie']);
const ANSWER_HEADERS_LEFT_OUT = new Set([
  'date',
  'content-length',
  'content-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

export interface RecordedExchange {
  method: string;
  /** The request's path (under `/v1`) and query string (without `?`). */
  path: string;
  query: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody: Uint8Array | undefined;
  status: number;
  answerHeaders: IncomingHttpHeaders;
  /** Milliseconds from sending the request to the answer's headers. */
  headersAtMs: number;
  /** The decoded body of an answer that is not a stream. */
  answerBody: Uint8Array | undefined;
  /** A stream's events, each with its milliseconds from sending the request. */
  events: { atMs: number; event: string | undefined; data: string }[] | undefined;
}

const slugOf = (method: string, path: string) =>
  `${method}-${path.replace(/^\/v1\//, '')}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export class CassetteRecorder {
  private sequence: number;
  private readonly redaction: Redaction;

  constructor(
    readonly dir: string,
    redact: RedactionLists,
    private readonly log: FastifyBaseLogger,
  ) {
    mkdirSync(dir, { recursive: true });
    const numbers = readdirSync(dir).map((name) => /^(\d+)-.*\.json$/.exec(name)?.[1]);
    this.sequence = Math.max(0, ...numbers.filter((n) => n !== undefined).map(Number));
    this.redaction = new Redaction(redact);
  }

  private headers(entries: [string, string | string[] | undefined][], keep: (name: string) => boolean) {
    const kept: Record<string, string> = {};
    for (const [name, value] of entries.sort(([a], [b]) => a.localeCompare(b))) {
      const key = name.toLowerCase();
      if (value === undefined || !keep(key)) continue;
      kept[key] = this.redaction.header(key, Array.isArray(value) ? value.join(', ') : value);
    }
    return kept;
  }

  /** Writes the exchange's cassette in the background; a failure to write is logged. */
  record(exchange: RecordedExchange): void {
    const { method, path, query, status, headersAtMs } = exchange;
    const events: CassetteEvent[] | null =
      exchange.events === undefined
        ? null
        : exchange.events.map((e) => cassetteEventOf(e.atMs, e.event, e.data));
    const cassette: Cassette = {
      version: 1,
      recordedAt: new Date().toISOString(),
      request: {
        method: method as Cassette['request']['method'],
        path,
        query: this.redaction.query(query),
        headers: this.headers(Object.entries(exchange.requestHeaders), (name) => REQUEST_HEADERS.has(name)),
        body: requestBodyOf(exchange.requestBody),
      },
      response: {
        status,
        headersAtMs: Math.round(headersAtMs * 10) / 10,
        headers: this.headers(
          Object.entries(exchange.answerHeaders),
          (name) => !ANSWER_HEADERS_LEFT_OUT.has(name),
        ),
        body: events === null ? cassetteBodyOf(exchange.answerBody) : null,
        events,
      },
    };
    this.sequence++;
    const name = `${String(this.sequence).padStart(4, '0')}-${slugOf(method, path)}.json`;
    const file = join(this.dir, name);
    const temporary = join(this.dir, `.${name}.tmp`);
    writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`)
      .then(() => rename(temporary, file))
      .then(
        () => this.log.debug({ cassette: file }, 'recorded'),
        (error: unknown) => this.log.error({ err: error, cassette: file }, 'a cassette could not be written'),
      );
  }
}
