/**
 * A web `Headers` from a Node-style header record (`IncomingMessage.headers`, undici's response
 * headers): a repeated header's values are appended one by one, absent ones skipped.
 */
export function headersFromNode(record: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}
