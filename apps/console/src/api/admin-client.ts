/**
 * The console's only way to the server: a typed client of the admin API (openapi-fetch over the
 * generated `adminPaths`, so a call the contract does not have fails to compile), with the
 * signed-in token on every request, and the wording of its failures for the page.
 */
import type { adminPaths } from '@assistant-platform/types/admin';
import createClient, { type Client } from 'openapi-fetch';

export type AdminClient = Client<adminPaths>;

export function adminClient(token: string, origin: string = window.location.origin): AdminClient {
  const client = createClient<adminPaths>({ baseUrl: `${origin}/_admin` });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

/** What a failed admin call means to the person at the page. */
export function failureText(status: number, body: unknown): string {
  if (status === 401)
    return 'This token is unknown or revoked: check it, or create one with `pnpm cli token create`.';
  if (status === 403)
    return 'This token lacks the admin scope for this: sign in with a token that has `admin` (or `*`) for its account, or `operator` for the whole server.';
  const envelope = body as { message?: string; errors?: { path: string; message: string }[] } | undefined;
  const issues = envelope?.errors?.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return `${status} ${envelope?.message ?? 'Request failed'}${issues ? `: ${issues}` : ''}`;
}

/** An admin call's data, or an Error worded for the page. */
export async function dataOf<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(failureText(response.status, error));
  return data.data;
}
