/** The API's timestamp format: ISO 8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}
