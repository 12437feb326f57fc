/**
 * The contract's `Idempotency-Key` rules that more than one side needs (see "Idempotent requests"
 * in openapi/openapi.yaml): the header names and the wording of the issues the platform answers.
 * The key's own limits (length, characters) are the `IdempotencyKey` schema, checked by the
 * validation runtime like any other value.
 */

/** The request header carrying a key (HTTP header names are case-insensitive; lower case as Node gives them). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The answer header marking a stored answer replayed; its only value is `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Where a 400 about the key points (`errors[].path`). */
export const IDEMPOTENCY_KEY_ISSUE_PATH = `header.${IDEMPOTENCY_KEY_HEADER}`;

/** The `errors[].message` of a 400 about an otherwise valid key. */
export const IDEMPOTENCY_KEY_ISSUES = {
  /** The key was first sent with another method, path or body. */
  reused: 'was used with another request',
  /** A streamed chat is never stored, so a key cannot make it safe to retry. */
  streamed: 'cannot be used with stream: true (a streamed answer is not stored)',
} as const;
