/**
 * A typed client of a reference server's admin API (`openapi/admin.yaml`), for tests: what the app
 * under test sent, a reset between tests, faults and scripted chat answers. It is openapi-fetch over
 * the admin contract's generated paths, each method answering the envelope's `data`; an answer that
 * is not a success throws an AdminApiError carrying the status and the envelope's `errors`.
 */
import type {
  adminPaths,
  Caller,
  ChatFixture,
  ChatFixtureInput,
  ChatFixturePatch,
  FaultRule,
  FaultRuleInput,
  FaultRulePatch,
  JournalEntry,
  RequestMatcher,
  State,
  StateSummary,
} from '@assistant-platform/types/admin';
import createClient from 'openapi-fetch';

export class AdminApiError extends Error {
  override name = 'AdminApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly { path: string; message: string }[] = [],
  ) {
    super(
      `admin API answered ${status}: ${message}${errors.map((e) => `; ${e.path}: ${e.message}`).join('')}`,
    );
  }
}

/** The journal filters of `GET /_admin/requests` (`path` may end in `*` to match a prefix). */
export type RequestFilter = RequestMatcher & { limit?: number };

export interface ReferenceServerAdmin {
  /** Who this client is: its token's account and scopes, and its view (`operator` or `account`). */
  caller(): Promise<Caller>;
  /** The journal, newest first. */
  requests(filter?: Omit<RequestFilter, 'bodyContains'>): Promise<JournalEntry[]>;
  /** The journal entries matching every field given (`bodyContains`: text of the request body). */
  find(matcher: RequestMatcher): Promise<{ count: number; requests: JournalEntry[] }>;
  /** Empties the journal. */
  clearRequests(): Promise<void>;
  /** Data back to the start-up seed; journal, fault rules and chat fixtures back to start-up. */
  reset(): Promise<StateSummary>;
  faults: {
    add(rule: FaultRuleInput): Promise<FaultRule>;
    list(): Promise<FaultRule[]>;
    /** Changes the fields given (`{ enabled: false }` disables the rule), keeping its count. */
    update(id: number, patch: FaultRulePatch): Promise<FaultRule>;
    remove(id: number): Promise<FaultRule>;
    clear(): Promise<number>;
  };
  fixtures: {
    add(fixture: ChatFixtureInput): Promise<ChatFixture>;
    list(): Promise<ChatFixture[]>;
    /** Changes the fields given (`{ enabled: false }` disables the fixture), keeping its count. */
    update(id: number, patch: ChatFixturePatch): Promise<ChatFixture>;
    remove(id: number): Promise<ChatFixture>;
    clear(): Promise<number>;
  };
  state: {
    /** All data as a State document (tokens as hashes): a seed for another server. */
    export(): Promise<State>;
    /** Replaces all data with a State document, atomically. */
    import(state: State): Promise<StateSummary>;
  };
}

interface Answer<Data> {
  data?: { data: Data };
  error?: { message?: string; errors?: { path: string; message: string }[] };
  response: Response;
}

async function dataOf<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (data !== undefined) return data.data;
  throw new AdminApiError(response.status, error?.message ?? response.statusText, error?.errors);
}

/**
 * A client of the admin API at `origin` (e.g. `http://127.0.0.1:4010`) with a token of scope
 * `operator` (the whole server), or `admin` or `*` (its account alone: what it reads, resets and
 * adds is that account's, see admin.yaml's "Two kinds of administration").
 */
export function createAdminClient(origin: string, token: string): ReferenceServerAdmin {
  const client = createClient<adminPaths>({
    baseUrl: `${origin}/_admin`,
    headers: { authorization: `Bearer ${token}` },
  });
  const byId = (id: number) => ({ params: { path: { id } } });
  return {
    caller: () => dataOf(client.GET('/caller')),
    requests: async (filter = {}) =>
      (await dataOf(client.GET('/requests', { params: { query: filter } }))).requests,
    find: (matcher) => dataOf(client.POST('/requests/find', { body: matcher })),
    clearRequests: async () => {
      await dataOf(client.DELETE('/requests'));
    },
    reset: () => dataOf(client.POST('/reset')),
    faults: {
      add: (rule) => dataOf(client.POST('/faults', { body: rule })),
      list: async () => (await dataOf(client.GET('/faults'))).faults,
      update: (id, patch) => dataOf(client.PATCH('/faults/{id}', { ...byId(id), body: patch })),
      remove: (id) => dataOf(client.DELETE('/faults/{id}', byId(id))),
      clear: async () => (await dataOf(client.DELETE('/faults'))).removed,
    },
    fixtures: {
      add: (fixture) => dataOf(client.POST('/chat-fixtures', { body: fixture })),
      list: async () => (await dataOf(client.GET('/chat-fixtures'))).fixtures,
      update: (id, patch) => dataOf(client.PATCH('/chat-fixtures/{id}', { ...byId(id), body: patch })),
      remove: (id) => dataOf(client.DELETE('/chat-fixtures/{id}', byId(id))),
      clear: async () => (await dataOf(client.DELETE('/chat-fixtures'))).removed,
    },
    state: {
      export: () => dataOf(client.GET('/state')),
      import: (state) => dataOf(client.PUT('/state', { body: state })),
    },
  };
}
