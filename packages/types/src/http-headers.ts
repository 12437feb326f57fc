/**
 * The contract's rules for three headers, decided once for every side: which `Authorization`
 * headers carry a bearer token, which `x-request-id` a client may choose, and how long a
 * `Retry-After` asks to wait.
 */

// RFC 6750 token68 characters; the scheme name is case-insensitive (RFC 7235).
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined when it is not one. */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

// 1–128 visible ASCII characters, as the contract's info section states.
const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** Whether a client's `x-request-id` is one the platform echoes (else it makes its own). */
export function isClientRequestId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_REQUEST_ID.test(value);
}

/**
 * Milliseconds a `Retry-After` value asks to wait (delay-seconds or an HTTP date, RFC 9110
 * §10.2.3), or undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Anything else numeric-looking ("-1", "2.5e3") is invalid, not a date V8 would still parse.
  if (/^[-+\d]/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
