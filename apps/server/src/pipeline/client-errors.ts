import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ValidationIssue } from '@assistant-platform/types';
import { errorEnvelope } from '@assistant-platform/types';
import type { FastifyInstance } from 'fastify';

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser and its receive timeouts fail a connection
 * before any request object exists, so no hook, error handler or request id runs. Left alone they
 * answer Fastify's own 400/408/431 bodies; this answers the contract's 400 envelope instead (the
 * contract has no 408 or 431), with a fresh request id, and closes the connection.
 */

type ClientError = Error & { code?: string };

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

// llhttp's codes, grouped by what the client got wrong; anything else is "malformed".
const PARSER_ISSUES: Record<string, ValidationIssue> = {
  HPE_HEADER_OVERFLOW: { path: 'header', message: 'the request headers are too large' },
  HPE_INVALID_METHOD: { path: '', message: 'the request line is malformed' },
  HPE_INVALID_URL: { path: '', message: 'the request line is malformed' },
  HPE_INVALID_VERSION: { path: '', message: 'the request line is malformed' },
  HPE_INVALID_CONSTANT: { path: '', message: 'the request line is malformed' },
  HPE_INVALID_HEADER_TOKEN: { path: 'header', message: 'a header is malformed' },
  HPE_INVALID_TOKEN: { path: 'header', message: 'a header is malformed' },
  HPE_LF_EXPECTED: { path: 'header', message: 'a header is malformed' },
  HPE_CR_EXPECTED: { path: 'header', message: 'a header is malformed' },
  HPE_INVALID_CONTENT_LENGTH: { path: 'header.content-length', message: 'is invalid' },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    path: 'header.content-length',
    message: 'must not be sent with transfer-encoding',
  },
  HPE_INVALID_TRANSFER_ENCODING: { path: 'header.transfer-encoding', message: 'is invalid' },
  HPE_INVALID_CHUNK_SIZE: { path: '', message: 'the chunked body is malformed' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { path: '', message: 'the chunked body is malformed' },
};

/** A 400 envelope as raw HTTP/1.1 bytes: nothing of Node's or Fastify's response machinery is left. */
function rawEnvelope(issue: ValidationIssue): string {
  const body = JSON.stringify(errorEnvelope(400, [issue]));
  return [
    `HTTP/1.1 400 ${STATUS_CODES[400]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${randomUUID()}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** The latest request on a connection whose headers arrived, and its response. */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * `lastExchange` tells what the connection was doing: a request still incomplete at a timeout had
 * a late body, otherwise the next request's headers were late.
 */
export function clientErrorHandler(
  timeouts: { headersMs: number; requestMs: number },
  lastExchange: (socket: Socket) => Exchange | undefined,
) {
  return function onClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const last = lastExchange(socket);
    let issue: ValidationIssue;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      issue =
        last && !last.request.complete
          ? { path: '', message: `the request was not received within ${seconds(timeouts.requestMs)}` }
          : {
              path: 'header',
              message: `the request headers were not received within ${seconds(timeouts.headersMs)}`,
            };
    } else {
      issue = (error.code && PARSER_ISSUES[error.code]) || { path: '', message: 'the request is malformed' };
    }
    this.log.debug({ code: error.code }, 'client error: connection closed');
    const answer = () => {
      if (socket.writable) socket.write(rawEnvelope(issue));
      socket.destroy();
    };
    if (!last || (last.request.complete && last.response.writableEnded)) answer();
    // Its body was late or malformed: answer it, unless it already was (an early 401).
    else if (!last.request.complete) {
      if (last.response.headersSent) socket.destroy();
      else answer();
    }
    // The error is in a pipelined request: let the answer before it finish first.
    else last.response.once('close', answer);
  };
}
