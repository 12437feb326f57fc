import type { FastifyInstance } from 'fastify';
import { parseJsonText } from '../validation/json-text.js';
import { ApiError } from './api-error.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces Fastify's JSON parser: invalid UTF-8 is a 400 (Fastify would silently turn it into
 * U+FFFD), and the text goes through `parseJsonText`, the one parser every JSON text a client
 * sends goes through (depth, prototype-poisoning keys, lone surrogates).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // JSON only: any other media type (text/plain included) is answered 400 by the error handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(ApiError.badRequest('', 'the body is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(ApiError.badRequest('', 'the JSON body is empty'), undefined);
      return;
    }
    try {
      done(null, parseJsonText(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
