/**
 * What a cassette never keeps: the values of secret headers and of secret query parameters, written
 * as `[redacted]`. Both lists start with the names that carry credentials by convention and add the
 * configured ones (`RECORD_REDACT_HEADERS`, `RECORD_REDACT_QUERY`); names compare case-insensitively.
 * A query parameter's name is compared decoded (`access%5Ftoken` is `access_token`), and the rest of
 * the query string is kept byte for byte, so a cassette still says what was sent.
 */
export const REDACTED = '[redacted]';

const ALWAYS_REDACTED_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
export const ALWAYS_REDACTED_QUERY = [
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'secret',
  'signature',
  'sig',
];

export interface RedactionLists {
  /** Header names (lower case), beside ALWAYS_REDACTED_HEADERS. */
  headers: readonly string[];
  /** Query parameter names, beside ALWAYS_REDACTED_QUERY. */
  query: readonly string[];
}

const decodedName = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

export class Redaction {
  private readonly headerNames: ReadonlySet<string>;
  private readonly queryNames: ReadonlySet<string>;

  constructor(lists: RedactionLists) {
    this.headerNames = new Set([...ALWAYS_REDACTED_HEADERS, ...lists.headers.map((n) => n.toLowerCase())]);
    this.queryNames = new Set([...ALWAYS_REDACTED_QUERY, ...lists.query.map((n) => n.toLowerCase())]);
  }

  /** A header's value as a cassette keeps it (`name` in lower case). */
  header(name: string, value: string): string {
    return this.headerNames.has(name) ? REDACTED : value;
  }

  /** A query string (without `?`) with the secret parameters' values `[redacted]`. */
  query(query: string): string {
    if (query === '') return query;
    return query
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        const name = equals < 0 ? pair : pair.slice(0, equals);
        return this.queryNames.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
      })
      .join('&');
  }
}
