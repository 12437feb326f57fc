import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

/** Deeper JSON would only serve to exhaust the stack of whatever walks it later. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Nesting depth of a JSON text, counting brackets outside strings, without recursion. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces Fastify's JSON parser to reject invalid UTF-8 (Fastify would silently turn it into U+FFFD)
 * and absurd nesting with a clear 400, then hands the text to Fastify's own parser, which keeps its
 * `__proto__`/`constructor` protection.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON only: any other media type (text/plain included) is answered 400 by the error handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(ApiError.badRequest('', 'the body is not valid UTF-8'), undefined);
      return;
    }
    if (exceedsDepth(text, MAX_JSON_DEPTH)) {
      done(
        ApiError.badRequest('', `the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error && isValidJson(text)) {
        // Valid JSON refused by Fastify's parser: it carries a prototype-poisoning key.
        done(
          ApiError.badRequest('', 'must not contain "__proto__" or "constructor.prototype" keys'),
          undefined,
        );
        return;
      }
      done(error, value);
    });
  });
}
