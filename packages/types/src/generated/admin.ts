// Generated from openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.
/* eslint-disable */
export interface paths {
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recorded requests
         * @description The journal, newest first. Each account keeps its own last `JOURNAL_MAX` entries (1000 by
         *     default; the requests no token authenticated count as one more account), so one account's
         *     requests never drop another's entries; all accounts together keep at most
         *     `JOURNAL_TOTAL_MAX` (4000 by default), and past that a new entry drops the oldest entry of
         *     the account holding the most. Each account keeps at least `JOURNAL_TOTAL_MAX` divided by
         *     the accounts recording, up to `JOURNAL_MAX`, whatever the others send. Filters combine
         *     with "and". An account's admin gets the entries of
         *     requests its account's tokens made; an operator gets every entry, those of requests no
         *     token authenticated (a `401`, or any request in proxy mode) included.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /**
         * Empty the journal
         * @description An account's admin removes its account's entries (`removed` counts them; the ids of later
         *     entries go on); an operator empties the whole journal, whose ids then start from 1 again.
         */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find recorded requests
         * @description The entries matching every field of the matcher, newest first, and how many there are: an
         *     account's admin's among its account's entries, an operator's among all (as `GET /requests`).
         */
        post: operations["findRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the journal live
         * @description A `text/event-stream` of the journal's new entries, as they are recorded: each one an event
         *     `event: request` whose `data:` is the `JournalEntry` JSON on one line. Nothing already in the
         *     journal is sent (read it with `GET /requests`). A comment line (`: heartbeat`) every 15 seconds
         *     keeps proxies from closing an idle stream. The stream ends when the client leaves or the
         *     server closes; a client too slow to read (more than 1 MiB waiting) is cut off.
         *
         *     An account's admin's stream carries its account's entries only; an operator's carries
         *     every entry. At most `x-max-streams` streams (16) are open at once per account (an
         *     operator's counted together, apart from the accounts'), so one account cannot take them
         *     all: one more answers `503` with `Retry-After: 1` until another of the same ends.
         *     `EventSource` cannot send an `Authorization` header, so a browser reads this with
         *     `fetch()` and a streaming reader.
         */
        get: operations["streamRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sum up contract violations
         * @description The contract violations found since start-up, the last reset or the last
         *     `DELETE /violations`, grouped by operation and rule: how many, when first and last, and the
         *     first one as an example. The journal's entries keep each request's own (`violations`), as
         *     long as the journal keeps the entry. Always empty unless the server runs in proxy mode.
         *     Operators only: a proxy forwards the caller's token to its target without knowing its
         *     account, so violations belong to no account.
         */
        get: operations["summarizeViolations"];
        put?: never;
        post?: never;
        /**
         * Forget the violations counted so far
         * @description Empties the summary (`removed` is how many violations it counted); journal entries keep
         *     theirs. Operators only, as `GET /violations`.
         */
        delete: operations["clearViolations"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the server back to its start-up state
         * @description An operator's reset replaces all data with what the server had once started (its seed,
         *     its dev token), and empties the journal, the fault rules, the chat fixtures added since
         *     (the fixtures of `CHAT_FIXTURES` are loaded again), the stored answers of
         *     `Idempotency-Key`s (there are none at start-up) and the violations summary; a replaying
         *     server starts its cassettes' turns again, and ids of rules and fixtures start from 1.
         *
         *     An account's admin's reset does so for its account alone: the account's data goes back to
         *     what it was at start-up (its tokens, workspaces, transcriptions and agents; an account the
         *     server did not have then keeps none), and its journal entries, its fault rules, its chat
         *     fixtures and its stored `Idempotency-Key` answers are removed; its chances (`probability`)
         *     are drawn from the start of their sequence again. Other accounts, and the rules and
         *     fixtures of operators, are untouched.
         *
         *     A reset that would leave the caller without its token or the scope it used (a token made
         *     since start-up) answers `400` naming `tokens` ("No import locks you out"), and changes
         *     nothing. Instances sharing a Redis (see "Several instances") are all reset: their data,
         *     journal, rules, fixtures and summary are one.
         */
        post: operations["reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export data
         * @description Data as a seed document: tokens as `tokenHash` (a token is never stored), every id and
         *     timestamp explicit. Imported into a fresh server (`PUT /state`, `state import`, or as its
         *     seed), it gives the same answers. An operator gets all data; an account's admin its
         *     account's: the account, its tokens, workspaces (and their transcriptions) and agents.
         */
        get: operations["exportState"];
        /**
         * Replace data
         * @description Validates the document, then replaces data with it in one transaction: an invalid
         *     document (a `400` naming each bad field) or one the database refuses (an unknown account, a
         *     duplicate id) leaves the data as it was. The journal, fault rules and fixtures are kept; the
         *     stored answers of `Idempotency-Key`s are forgotten with the data they described (they are
         *     not part of a `State` document).
         *
         *     An operator replaces all data. An account's admin replaces its account's data (what
         *     `GET /state` gives it): every entry must be its account's (`accounts` lists at most its
         *     own, each `accountId` given is its own, each transcription's workspace is one of the
         *     document's) and no token may hold `operator`, else `400` naming the entry; an agent
         *     without `accountId` is its account's; an id another account's record has answers `400`
         *     naming the entry. Other accounts' data and stored answers are untouched, and so are the
         *     operators' tokens that live in its account (it does not see them).
         *
         *     A document that would leave the caller without its token or the scope it used answers
         *     `400` naming `tokens` ("No import locks you out").
         */
        put: operations["importState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fault rules
         * @description An account's admin's rules (its account's), or, for an operator, every rule.
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Add a fault rule
         * @description From now on, platform requests matching `match` get `fault`, `times` times at most (every
         *     time when absent), each with the given `probability`. The first matching rule applies.
         *
         *     A rule an account's admin adds applies only to requests made with its account's tokens
         *     (`accountId`); one an operator adds applies to every request (`accountId` null), a
         *     proxied one included. At most 100 rules are kept per account, and 100 of operators
         *     (`x-max-per-account`); one more answers `400` until one is removed.
         *     Chances are drawn from a generator per account whose request it is, seeded by
         *     `FAULT_SEED`, so an account's run repeats whatever other accounts' requests do.
         */
        post: operations["addFault"];
        /**
         * Remove every fault rule
         * @description An account's admin removes its account's rules; an operator removes every rule.
         */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one fault rule
         * @description Another account's rule, or an operator's, answers an account's admin `404`.
         */
        delete: operations["removeFault"];
        options?: never;
        head?: never;
        /**
         * Edit, disable or enable a fault rule
         * @description Changes the fields given and keeps the rest: `match` and `fault` are replaced whole,
         *     `times: null` applies the rule to every matching request, `enabled: false` keeps the rule
         *     without applying it (`true` applies it again). The rule keeps its id, its place in the
         *     order rules are tried, its account and its `fired` count: a rule edited to a `times` at or
         *     below what it has fired is used up. Another account's rule, or an operator's, answers an
         *     account's admin `404`; an operator edits any (its account stays the rule's). With REDIS_URL
         *     the change applies on every instance from its next authenticated request, as an added rule
         *     does.
         */
        patch: operations["updateFault"];
        trace?: never;
    };
    "/chat-fixtures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List chat fixtures
         * @description An account's admin's fixtures (its account's), or, for an operator, every fixture (the
         *     start-up ones of `CHAT_FIXTURES` are operators', `accountId` null).
         */
        get: operations["listChatFixtures"];
        put?: never;
        /**
         * Add a chat fixture
         * @description Chat requests matching `match` (every field given) are answered with `answer`, `times` times
         *     at most (every time when absent); a chat request's message is the text of its `message`'s
         *     text blocks. A fixture an account's admin adds answers only chats made with its account's
         *     tokens; one an operator adds answers every account's. At most 1000 fixtures are kept per
         *     account, and 1000 of operators (`x-max-per-account`; one more answers `400` until one is
         *     removed); of the fixtures that match a chat, the oldest answers.
         */
        post: operations["addChatFixture"];
        /**
         * Remove every chat fixture
         * @description An account's admin removes its account's fixtures; an operator removes every fixture.
         */
        delete: operations["clearChatFixtures"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat-fixtures/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one chat fixture
         * @description Another account's fixture, or an operator's, answers an account's admin `404`.
         */
        delete: operations["removeChatFixture"];
        options?: never;
        head?: never;
        /**
         * Edit, disable or enable a chat fixture
         * @description Changes the fields given and keeps the rest: `match` and `answer` are replaced whole,
         *     `times: null` answers every matching chat, `enabled: false` keeps the fixture without
         *     answering with it (`true` answers again). The fixture keeps its id, its place in the order
         *     fixtures are tried, its account and its `used` count: a fixture edited to a `times` at or
         *     below what it has answered is used up. Another account's fixture, or an operator's, answers
         *     an account's admin `404`; an operator edits any (its account stays the fixture's). With
         *     REDIS_URL the change applies on every instance from its next authenticated request.
         */
        patch: operations["updateChatFixture"];
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a token
         * @description Creates a bearer token for an account and answers it once: only its SHA-256 is stored, so it
         *     cannot be read again (`GET /state` lists tokens by hash). The same as the CLI's
         *     `token create`. An unknown account answers `404`.
         *
         *     An account's admin creates tokens of its own account only (another `accountId` answers
         *     `404`, as an unknown one) with any scope but `operator` (`403`); an operator creates any.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token
         * @description Revokes an active token: it answers `401` from the next request on. The record is kept (with
         *     `revokedAt`); the same as the CLI's `token revoke`. An unknown or already revoked id answers
         *     `404`, and so does another account's token to an account's admin. An operator revokes any.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/caller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is calling, and which view it has
         * @description The calling token's account, name and scopes, and its view of the admin API: `operator`
         *     (the whole server) for a token with scope `operator`, else `account` (its account's
         *     administration). The console shows it.
         */
        get: operations["describeCaller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The server's metrics, for Prometheus
         * @description This instance's figures in the Prometheus text exposition format (version 0.0.4), for a
         *     Prometheus server to scrape with the operator's token (`authorization: { credentials: … }`
         *     in its scrape configuration). Operators only: the figures cover every account. Counters
         *     count since start-up: platform requests by `operation` and `status`, their latency
         *     (histogram), refusals by `reason` (`unauthenticated`, `forbidden`, `rate_limit`,
         *     `auth_failure_limit`, `busy`), open chat streams and the time to their first event, the
         *     engine pool's running and waiting tasks and its budget overruns, the journal's entries, and
         *     whether the database and Redis answer (`1` or `0`, asked when scraped). Names start with
         *     `assistant_server_`; Node's process figures (`process_`, `nodejs_`) come with them.
         */
        get: operations["scrapeMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @enum {string} */
        HttpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
        HttpStatus: number;
        /** @description A request path (`/v1/agents/view/1`); a trailing `*` matches every path that starts with what precedes it. */
        PathPattern: string;
        TokenName: string;
        /**
         * @description A status a fault may answer, with its envelope (`FaultErrorEnvelope`).
         * @enum {integer}
         */
        FaultStatus: 400 | 401 | 403 | 404 | 408 | 429 | 500 | 502 | 503 | 504;
        RequestTimeoutError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Request timed out";
        };
        /**
         * @description The answer of a `code` fault: the platform's envelope of the status (this document declares
         *     the one of `408`).
         */
        FaultErrorEnvelope: components["schemas"]["BadRequestError"] | components["schemas"]["UnauthorizedError"] | components["schemas"]["ForbiddenError"] | components["schemas"]["NotFoundError"] | components["schemas"]["RateLimitError"] | components["schemas"]["InternalServerError"] | components["schemas"]["RequestTimeoutError"] | components["schemas"]["BadGatewayError"] | components["schemas"]["ServiceUnavailableError"] | components["schemas"]["GatewayTimeoutError"];
        /**
         * @description What a fault does; at least one field. `code` and `reset` end the request before it does
         *     anything, `dropAnswer` after it has done its work; the others slow it down. Those marked
         *     `x-in-flight-limited` hold the request's connection, so a request given one (by its
         *     `Prefer` header or by a rule) counts against its token's in-flight limit while it is
         *     answered (see "Faults on platform requests").
         */
        Fault: {
            code?: components["schemas"]["FaultStatus"];
            /** @description Milliseconds to wait before answering. */
            delayMs?: number;
            /** @description A streamed chat's time to its first event, in milliseconds. */
            ttftMs?: number;
            /** @description A streamed chat's events per second. */
            tps?: number;
            /** @description Close a streamed chat's connection after this many events, with no terminal event. */
            disconnectAfter?: number;
            /**
             * @description Close the connection without an answer.
             * @constant
             */
            reset?: true;
            /**
             * @description Do the operation, then close the connection without sending its answer (a lost answer
             *     of a request that did its work). With `code` or `reset`, those win: nothing runs.
             * @constant
             */
            dropAnswer?: true;
        };
        /** @description Which platform requests a rule applies to; every field given must match (none matches every request). */
        FaultMatch: {
            method?: components["schemas"]["HttpMethod"];
            path?: components["schemas"]["PathPattern"];
            tokenName?: components["schemas"]["TokenName"];
        };
        FaultRuleInput: {
            match: components["schemas"]["FaultMatch"];
            fault: components["schemas"]["Fault"];
            /** @description How many requests the rule applies to at most; every matching one when absent. */
            times?: number;
            /**
             * @description The chance that a matching request gets the fault.
             * @default 1
             */
            probability?: number;
            /**
             * @description `false` adds the rule disabled: kept and listed, applied to no request until enabled.
             * @default true
             */
            enabled?: boolean;
        };
        /** @description The fields of a rule to change (`PATCH /faults/{id}`), at least one; those absent are kept. */
        FaultRulePatch: {
            match?: components["schemas"]["FaultMatch"];
            fault?: components["schemas"]["Fault"];
            /** @description How many requests the rule applies to at most, its `fired` count included; `null` for every one. */
            times?: number | null;
            /** @description The chance that a matching request gets the fault. */
            probability?: number;
            /** @description `false` stops applying the rule (it is kept); `true` applies it again. */
            enabled?: boolean;
        };
        FaultRule: {
            id: components["schemas"]["PositiveId"];
            accountId: components["schemas"]["OwnerAccount"];
            match: components["schemas"]["FaultMatch"];
            fault: components["schemas"]["Fault"];
            /** @description How many requests the rule applies to at most; `null` for every one. */
            times: number | null;
            probability: number;
            /** @description Whether the rule applies; a disabled one is kept, and applies to no request. */
            enabled: boolean;
            /** @description How many requests the rule has applied to so far. */
            fired: number;
            createdAt: components["schemas"]["Timestamp"];
        };
        /**
         * @description The account whose requests a rule or fixture applies to (the account of the admin that
         *     added it); `null` for one an operator added (or `CHAT_FIXTURES` gave), which applies to
         *     every account's requests.
         */
        OwnerAccount: components["schemas"]["PositiveId"] | null;
        /** @description The fault a recorded request got, and where it came from. */
        AppliedFault: {
            /** @enum {string} */
            source: "prefer" | "rule";
            ruleId: components["schemas"]["PositiveId"] | null;
            fault: components["schemas"]["Fault"];
        };
        /** @description Which chat requests a fixture answers; every field given must match (none matches every chat). */
        ChatFixtureMatch: {
            /** @description Text the message contains (case-sensitive). */
            messageContains?: string;
            /**
             * Format: re2
             * @description A regular expression the message matches, in RE2 syntax (`format: re2`): it is run in
             *     linear time, so lookaround and backreferences are refused (`400`), as is a pattern that
             *     does not parse.
             */
            messageMatches?: string;
            /** @description The request's inline agent `name`. */
            agentName?: string;
            /** @description One of the request's `intents`. */
            intent?: string;
        };
        /**
         * @description The answer: `content` (text), or `json` (any JSON value, sent as its text) which must be
         *     valid against the request's `response_format` when it has one (`400` otherwise).
         */
        ChatFixtureAnswer: {
            content?: string;
            /** @description Any JSON value; its text is at most 100,000 characters. */
            json?: unknown;
            finishReason?: components["schemas"]["FinishReason"];
        } & (unknown | unknown);
        ChatFixtureInput: {
            match: components["schemas"]["ChatFixtureMatch"];
            answer: components["schemas"]["ChatFixtureAnswer"];
            /** @description How many chats the fixture answers at most; every matching one when absent. */
            times?: number;
            /**
             * @description `false` adds the fixture disabled: kept and listed, answering no chat until enabled.
             * @default true
             */
            enabled?: boolean;
        };
        /**
         * @description The fields of a fixture to change (`PATCH /chat-fixtures/{id}`), at least one; those absent
         *     are kept.
         */
        ChatFixturePatch: {
            match?: components["schemas"]["ChatFixtureMatch"];
            answer?: components["schemas"]["ChatFixtureAnswer"];
            /** @description How many chats the fixture answers at most, its `used` count included; `null` for every one. */
            times?: number | null;
            /** @description `false` stops answering with the fixture (it is kept); `true` answers again. */
            enabled?: boolean;
        };
        /** @description The content of the file `CHAT_FIXTURES` names. */
        ChatFixtures: components["schemas"]["ChatFixtureInput"][];
        ChatFixture: {
            id: components["schemas"]["PositiveId"];
            accountId: components["schemas"]["OwnerAccount"];
            match: components["schemas"]["ChatFixtureMatch"];
            answer: components["schemas"]["ChatFixtureAnswer"];
            times: number | null;
            /** @description Whether the fixture answers; a disabled one is kept, and answers no chat. */
            enabled: boolean;
            /** @description How many chats the fixture has answered so far. */
            used: number;
            createdAt: components["schemas"]["Timestamp"];
        };
        /** @description Every field given must match. */
        RequestMatcher: {
            method?: components["schemas"]["HttpMethod"];
            path?: components["schemas"]["PathPattern"];
            status?: components["schemas"]["HttpStatus"];
            /** @description Text the recorded request body contains (its JSON text, case-sensitive). */
            bodyContains?: string;
        };
        /** @description One Server-Sent Event of a streamed answer, as it was written. */
        StreamEvent: {
            /** @description Milliseconds from the start of the answer to this event. */
            atMs: number;
            /** @description The event's type (`error` for the terminal error event), `null` for a plain `data:` event. */
            event: string | null;
            data: string;
        };
        /** @description The token a request authenticated with. */
        JournalToken: {
            name: string;
            accountId: components["schemas"]["PositiveId"];
        };
        /** @description Header names (lower case) and values; `authorization` is always `[redacted]`. */
        Headers: {
            [key: string]: string;
        };
        /**
         * @description One platform request and its answer. Bodies are kept up to `JOURNAL_BODY_MAX_BYTES` (16 KiB
         *     by default) each: a JSON body as its value, anything else or a cut body as text, with the
         *     matching `…Truncated` flag. A streamed answer keeps its events instead of a body.
         */
        JournalEntry: {
            id: components["schemas"]["PositiveId"];
            requestId: string;
            at: components["schemas"]["Timestamp"];
            method: string;
            path: string;
            /** @description The query string without `?`, empty when there is none. */
            query: string;
            /** @description The platform operation the request reached, `null` when none (an unknown route). */
            operationId: string | null;
            /** @description The status answered, `null` when the connection ended without an answer. */
            status: number | null;
            /** @description Milliseconds from the request's arrival to the end of its answer. */
            durationMs: number;
            /**
             * @description How the exchange ended: `answered` (the whole answer was sent), `client-closed` (the
             *     client went away first), `reset` (a `reset` or `dropAnswer` fault), `disconnected` (a
             *     `disconnectAfter` fault cut a stream), `target-failed` (in proxy mode, the target's
             *     connection failed in the middle of its answer, so the client's was cut too), `stalled`
             *     (the server cut a stream whose client stopped reading it: see the platform contract's
             *     "Time limits"). A
             *     replayed `Idempotency-Key` answer shows as `answered` with the response header
             *     `idempotent-replayed: true`.
             * @enum {string}
             */
            outcome: "answered" | "client-closed" | "reset" | "disconnected" | "target-failed" | "stalled";
            token: components["schemas"]["JournalToken"] | null;
            requestHeaders: components["schemas"]["Headers"];
            /** @description The request body (JSON value or text), `null` when there was none. */
            requestBody: unknown;
            requestBodyTruncated: boolean;
            responseHeaders: components["schemas"]["Headers"];
            /** @description The answer's body (JSON value or text), `null` for a stream or no answer. */
            responseBody: unknown;
            responseBodyTruncated: boolean;
            /**
             * @description A streamed answer's events, `null` for any other answer: the first 1000 at most, and
             *     no more than `JOURNAL_BODY_MAX_BYTES` of their text (`eventsTruncated` says when some
             *     were left out).
             */
            events: components["schemas"]["StreamEvent"][] | null;
            eventsTruncated: boolean;
            fault: components["schemas"]["AppliedFault"] | null;
            /** @description The chat fixture that answered, `null` when none did. */
            chatFixtureId: components["schemas"]["PositiveId"] | null;
            /**
             * @description In proxy mode, where the request or the target's answer broke the platform's contract
             *     (`[]` when nowhere); `null` when the exchange was not checked: the server answered it
             *     itself (not in proxy mode, or a fault answered it).
             */
            violations: components["schemas"]["Violation"][] | null;
            /** @description A replaying server's cassette for this request, `null` when the server does not replay. */
            replay: components["schemas"]["ReplayOutcome"] | null;
            /**
             * @description Where the request's time went, stage by stage, in the order they started: the same
             *     stages as its answer's `Server-Timing` (the token's lookup, the operation's database
             *     calls, the engine), each with its start from the request's arrival, for a waterfall
             *     with no trace collector. Empty for a request that reached none (a proxied or replayed
             *     one, an unknown path). With OpenTelemetry tracing on, each is a span of the request's trace too.
             */
            spans: components["schemas"]["StageSpan"][];
        };
        StageSpan: {
            /** @enum {string} */
            stage: "auth" | "db" | "engine";
            /** @description The span's name, e.g. `chat reference` for the engine's part of a chat. */
            name: string;
            /** @description Milliseconds from the request's arrival to the stage's start. */
            startMs: number;
            durationMs: number;
        };
        StateAccount: {
            id: components["schemas"]["PositiveId"];
            name: string;
            createdAt?: components["schemas"]["Timestamp"];
        };
        /**
         * @description A token, as the token itself (a seed written by hand) or as the SHA-256 hex of it (an export),
         *     with its id when it should keep one (an export gives it; `token revoke` takes it).
         */
        StateToken: {
            id?: components["schemas"]["PositiveId"];
            /** @description The bearer token (RFC 6750 characters). */
            token?: string;
            /** @description The SHA-256 of the token, in lower-case hex. */
            tokenHash?: string;
            accountId: components["schemas"]["PositiveId"];
            /** @default seed */
            name?: string;
            scopes: components["schemas"]["Scope"][];
            createdAt?: components["schemas"]["Timestamp"];
            revokedAt?: components["schemas"]["Timestamp"] | null;
        } & (unknown | unknown);
        /**
         * @description A scope a token may carry (`x-scopes` of the two documents' bearer schemes). `*` is every
         *     scope but `operator`.
         * @enum {string}
         */
        Scope: "agents:read" | "agents:write" | "agents:chat" | "transcriptions:write" | "embeddings:create" | "admin" | "operator" | "*";
        StateWorkspace: {
            id: components["schemas"]["PositiveId"];
            accountId: components["schemas"]["PositiveId"];
            name: string;
            createdAt?: components["schemas"]["Timestamp"];
        };
        StateTranscription: {
            id: components["schemas"]["PositiveId"];
            workspaceId: components["schemas"]["PositiveId"];
            fileName: string;
            fileUrl: string;
            fileType: string;
            duration: number;
            status?: components["schemas"]["TranscriptionStatus"];
            transcript: components["schemas"]["TranscriptContent"];
            createdAt?: components["schemas"]["Timestamp"];
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /**
         * @description A create-agent body (the platform's `CreateAgentBody`: the same fields, limits and defaults,
         *     `tools` also as a JSON string) with, optionally, the record's own fields; an export gives them
         *     all. An agent without `accountId` belongs to the account with the lowest id. Its fields are
         *     listed here rather than combined with `allOf`, because `CreateAgentBody` allows no other
         *     property.
         */
        StateAgent: {
            id?: components["schemas"]["PositiveId"];
            accountId?: components["schemas"]["PositiveId"];
            /** Format: uuid */
            agentReferenceId?: string;
            name: components["schemas"]["AgentName"];
            /** @default  */
            description?: components["schemas"]["AgentDescription"];
            instruction: components["schemas"]["AgentInstruction"];
            /** @default [] */
            intents?: components["schemas"]["Intents"];
            /** @description The knowledge base the agent draws on; absent when it has none. */
            knowledgeBaseId?: number;
            /**
             * @description At most 64 tools, default `[]`; also accepted as a JSON-encoded string of the same array.
             * @default []
             */
            tools?: components["schemas"]["Tools"] | string;
            createdAt?: components["schemas"]["Timestamp"];
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /**
         * @description The server's data as a seed document: what `ASSISTANT_SEED` and `--seed` read, what
         *     `GET /state` answers and `PUT /state` takes. Each list is optional (empty when absent).
         */
        State: {
            /** @description An editor hint; ignored. */
            $schema?: string;
            accounts?: components["schemas"]["StateAccount"][];
            tokens?: components["schemas"]["StateToken"][];
            workspaces?: components["schemas"]["StateWorkspace"][];
            transcriptions?: components["schemas"]["StateTranscription"][];
            agents?: components["schemas"]["StateAgent"][];
        };
        /** @description How many records of each kind the server now holds. */
        StateSummary: {
            accounts: number;
            tokens: number;
            workspaces: number;
            transcriptions: number;
            agents: number;
        };
        ListRequestsResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Requests retrieved successfully";
            data: {
                requests: components["schemas"]["JournalEntry"][];
            };
        };
        FindRequestsResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Requests found successfully";
            data: {
                count: number;
                requests: components["schemas"]["JournalEntry"][];
            };
        };
        ClearedResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Cleared successfully";
            data: {
                /** @description How many entries, rules or fixtures were removed. */
                removed: number;
            };
        };
        StateSummaryResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "State replaced successfully";
            data: components["schemas"]["StateSummary"];
        };
        ExportStateResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "State exported successfully";
            data: components["schemas"]["State"];
        };
        ListFaultsResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Faults retrieved successfully";
            data: {
                faults: components["schemas"]["FaultRule"][];
            };
        };
        FaultRuleResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Fault rule saved successfully";
            data: components["schemas"]["FaultRule"];
        };
        ListChatFixturesResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Chat fixtures retrieved successfully";
            data: {
                fixtures: components["schemas"]["ChatFixture"][];
            };
        };
        ChatFixtureResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Chat fixture saved successfully";
            data: components["schemas"]["ChatFixture"];
        };
        TokenInput: {
            accountId: components["schemas"]["PositiveId"];
            /**
             * @description A label for the token (what the journal names it by).
             * @default admin-api
             */
            name?: string;
            /**
             * @default [
             *       "*"
             *     ]
             */
            scopes?: components["schemas"]["Scope"][];
        };
        /** @description A token's record; never the token itself. */
        TokenRecord: {
            id: components["schemas"]["PositiveId"];
            accountId: components["schemas"]["PositiveId"];
            name: string;
            scopes: components["schemas"]["Scope"][];
            createdAt: components["schemas"]["Timestamp"];
            revokedAt: components["schemas"]["Timestamp"] | null;
        };
        TokenCreatedResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Token created successfully";
            data: {
                /** @description The bearer token; shown only in this answer. */
                token: string;
                record: components["schemas"]["TokenRecord"];
            };
        };
        TokenRevokedResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Token revoked successfully";
            data: components["schemas"]["TokenRecord"];
        };
        /**
         * @description What a token administers: `account`, its own account (scope `admin`, or `*`); `operator`,
         *     the whole server (scope `operator`).
         * @enum {string}
         */
        AdminView: "account" | "operator";
        CallerResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Caller retrieved successfully";
            data: {
                view: components["schemas"]["AdminView"];
                accountId: components["schemas"]["PositiveId"];
                tokenId: components["schemas"]["PositiveId"];
                tokenName: string;
                scopes: components["schemas"]["Scope"][];
            };
        };
        /**
         * @description Which part of the platform's contract an exchange broke. The request: `request-route` (no
         *     operation has its method and path), `request-authorization` (no `Authorization: Bearer
         *     <token>`), `request-parameters` (a path or query parameter), `request-body` (not JSON, or
         *     not the operation's body schema). The answer: `response-status` (a status the operation does
         *     not declare), `response-content-type` (a media type not declared for the status),
         *     `response-envelope` (not `{ success, message, … }` with `success` true exactly for a
         *     success status), `response-body` (an envelope, but not the declared schema),
         *     `response-headers` (a required header missing, or a header not of its schema). A streamed
         *     answer: `stream-event` (an event whose `data:` is not its type's schema, an event type the
         *     contract does not list, or an event after the last), `stream-end` (the stream ended
         *     without `data: [DONE]` or the terminal `event: error`).
         * @enum {string}
         */
        ViolationRule: "request-route" | "request-authorization" | "request-parameters" | "request-body" | "response-status" | "response-content-type" | "response-envelope" | "response-body" | "response-headers" | "stream-event" | "stream-end";
        /**
         * @description One way an exchange broke the contract. Each rule is reported at most once per exchange:
         *     `issues` lists every bad field of it (at most 50; a stream's first bad event, whose index
         *     `message` gives).
         */
        Violation: {
            rule: components["schemas"]["ViolationRule"];
            /** @description What is wrong, in one line. */
            message: string;
            issues: components["schemas"]["ValidationIssue"][];
        };
        /** @description One exchange that broke a rule, and how. */
        ViolationExample: {
            /** @description The request's id as the client saw it (the target's `x-request-id`), to find it in the journal. */
            requestId: string;
            at: components["schemas"]["Timestamp"];
            method: string;
            path: string;
            status: number | null;
            message: string;
            issues: components["schemas"]["ValidationIssue"][];
        };
        /** @description The violations of one rule by one operation's exchanges. */
        ViolationGroup: {
            /** @description The platform operation, `null` for requests no operation matches. */
            operationId: string | null;
            rule: components["schemas"]["ViolationRule"];
            count: number;
            firstAt: components["schemas"]["Timestamp"];
            lastAt: components["schemas"]["Timestamp"];
            example: components["schemas"]["ViolationExample"];
        };
        ViolationSummaryResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Violations retrieved successfully";
            data: {
                /** @description Every violation counted, all groups together. */
                total: number;
                groups: components["schemas"]["ViolationGroup"][];
            };
        };
        /** @description What the routes of a feature answer while `FEATURES_OFF` turns it off (`501`). */
        FeatureOffError: {
            /** @constant */
            success: false;
            /** @enum {unknown} */
            message: "Fault rules are turned off on this server (FEATURES_OFF)" | "Metrics are turned off on this server (FEATURES_OFF)";
        };
        /**
         * @description What a replaying server started with `--replay-miss error` answers, with status `501`, to a
         *     platform request no cassette matches: a 5xx because the recording lacks the exchange (the
         *     server's setup, not the client's request), `501` because it is not a status the platform or
         *     a fault answers, so a test can tell a miss from an answer. The message names the nearest
         *     cassette: the one with the request's method and path whose body differs in the fewest
         *     places, a different authentication outcome counting as one place (or says that none has
         *     them). It is looked for only on a miss, among at most 64 cassettes of that method and path,
         *     those sharing the request's rarest values first, so a miss costs as little as a hit. The
         *     log and the journal (`replay`) say where it differs.
         */
        ReplayMissError: {
            /** @constant */
            success: false;
            message: string;
        };
        NearestCassette: {
            /** @description The cassette's file name. */
            cassette: string;
            /**
             * @description How many places of the canonical bodies differ (a value changed, added or missing), plus
             *     one when the cassette was recorded with the other authentication outcome.
             */
            distance: number;
            /** @description The first of those places, as JSON Pointers (`` for the whole body). */
            differences: string[];
            /**
             * @description Present when the cassette's authentication outcome differs from the request's: how the
             *     target took the recorded token (`refused`: it answered `401`; `accepted`: anything else).
             * @enum {string}
             */
            authentication?: "accepted" | "refused";
        };
        /** @description How a replaying server answered a platform request. */
        ReplayOutcome: {
            /** @description The cassette file that answered, `null` for a miss. */
            cassette: string | null;
            /** @description On a miss, the nearest cassette; `null` on a hit, or when no cassette has the request's method and path. */
            nearest: components["schemas"]["NearestCassette"] | null;
        };
        /**
         * @description Header names (lower case) and values; secrets are `[redacted]`. A name is an HTTP token and
         *     a value has no control character but tab (no CR or LF), so every recorded header can be sent.
         */
        CassetteHeaders: {
            [key: string]: string;
        };
        /**
         * @description A body, in exactly one of three forms: `json`, its JSON value; `text`, the bytes as UTF-8
         *     text; `base64`, bytes that are not UTF-8. A request's body is `json` whenever it is JSON,
         *     whatever its spacing or escapes (replay compares request bodies as canonical JSON, so a
         *     `text` one that is JSON matches too); an answer's only when writing that value back gives
         *     the very bytes received (compact JSON, as the platform sends), so it replays byte for byte.
         */
        CassetteBody: {
            /** @description Any JSON value. */
            json?: unknown;
            text?: string;
            base64?: string;
        } & (unknown | unknown | unknown);
        /**
         * @description One Server-Sent Event of a streamed answer: its type (`event:`, absent for a plain `data:`
         *     event), its `data:` as `json` (when writing that value back gives the same text) or as
         *     `data`, and when it arrived.
         */
        CassetteEvent: {
            /** @description Milliseconds from sending the request to this event. */
            atMs: number;
            event?: string;
            /** @description The event's `data:` as its JSON value. */
            json?: unknown;
            data?: string;
        } & (unknown | unknown);
        CassetteRequest: {
            method: components["schemas"]["HttpMethod"];
            /** @description The request's path, without the query string. */
            path: string;
            /** @description The query string without `?`, empty when there is none. */
            query: string;
            headers: components["schemas"]["CassetteHeaders"];
            body: components["schemas"]["CassetteBody"] | null;
        };
        /** @description The answer; a streamed one (`text/event-stream`) has `events` and a `null` body. */
        CassetteResponse: {
            status: components["schemas"]["HttpStatus"];
            /** @description Milliseconds from sending the request to the answer's headers. */
            headersAtMs: number;
            headers: components["schemas"]["CassetteHeaders"];
            body: components["schemas"]["CassetteBody"] | null;
            events: components["schemas"]["CassetteEvent"][] | null;
        };
        /**
         * @description One exchange with the platform, recorded by a proxy started with `--record DIR` and
         *     replayed by a server started with `--replay DIR`: a pretty-printed JSON file, one per
         *     exchange, named `<sequence>-<method>-<path>.json`. The request keeps its method, path, query,
         *     `content-type`, `accept` and `x-request-id` headers and body; the answer its status, its
         *     headers (but `date`, `content-length` and hop-by-hop ones), and its body or, for a stream,
         *     each event with its time. `authorization`, cookies and the configured headers are
         *     `[redacted]`, and so are the values of the query's `token`, `access_token`, `api_key`,
         *     `apikey`, `key`, `password`, `secret`, `signature` and `sig` parameters and the configured ones.
         *     A replaying server loads only regular files (never a symbolic link) valid against this
         *     schema, whose answers are valid against the platform's contract.
         */
        Cassette: {
            /** @description An editor hint; ignored. */
            $schema?: string;
            /**
             * @description The format's version; a later format that this server cannot read has another.
             * @constant
             */
            version: 1;
            recordedAt: components["schemas"]["Timestamp"];
            request: components["schemas"]["CassetteRequest"];
            response: components["schemas"]["CassetteResponse"];
        };
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp with milliseconds.
         * @example 2025-03-18T10:00:00.000Z
         */
        Timestamp: string;
        /** @description One bad field of a request. */
        ValidationIssue: {
            /**
             * @description Where the problem is: a JSON Pointer into the body (`/message/content/0/text`, `` for the
             *     whole body), or `path.<name>` / `header.<name>` for parameters and headers.
             */
            path: string;
            /**
             * @description What is wrong, e.g. `is required` (a missing property), `is not allowed` (an unknown
             *     property) or `must be <= 2` (a value out of range).
             */
            message: string;
        };
        /** @description A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`). */
        PositiveId: number;
        Tools: components["schemas"]["Tool"][];
        /** @description A tool the agent may use, discriminated by `type`. Always a JSON object. */
        Tool: components["schemas"]["FunctionTool"] | components["schemas"]["SvcTool"];
        SvcTool: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "svc_tool";
            /**
             * @description A built-in tool. `web_search_tool` is the only one this version defines.
             * @enum {string}
             */
            svc_tool: "web_search_tool";
        };
        FunctionTool: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "function";
            function: {
                /** @description 1–64 letters, digits, `_` or `-`. */
                name: string;
                /** @default  */
                description?: string;
                /** @default false */
                strict?: boolean;
                parameters: components["schemas"]["FunctionParameters"];
            };
        };
        /** @description A JSON Schema object describing the function's parameters. */
        FunctionParameters: {
            /** @constant */
            type: "object";
            /** @description Each parameter's name mapped to its description and type. */
            properties: {
                [key: string]: {
                    description?: string;
                    type: string;
                };
            };
            /** @description Names of the required parameters. */
            required?: string[];
            additionalProperties?: boolean;
        };
        /** @description Behaviour hints, at most 50 strings of at most 200 characters. */
        Intents: string[];
        /** @description What the agent should do, 1–32,000 characters. */
        AgentInstruction: string;
        /** @description What the agent is for, at most 2,000 characters. */
        AgentDescription: string;
        /** @description The agent's name, 1–200 characters. Names need not be unique. */
        AgentName: string;
        TranscriptContent: {
            /** @description The file name (lowercase `filename` inside this object). */
            filename: string;
            /** @description The transcript text, at most 2,000,000 characters. */
            transcript: string;
        };
        /**
         * @description `COMPLETED` once transcribed. Editing a transcript does not change the status.
         * @enum {string}
         */
        TranscriptionStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
        /**
         * @description `stop` when the answer ended by itself, `length` when it was cut by `max_tokens`.
         * @enum {string}
         */
        FinishReason: "stop" | "length";
        GatewayTimeoutError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Gateway timeout";
        };
        ServiceUnavailableError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Service unavailable";
        };
        BadGatewayError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Bad gateway";
        };
        InternalServerError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Internal server error";
        };
        RateLimitError: {
            /** @constant */
            success: false;
            /**
             * @description `Rate limit exceeded. Please try again later.` when the token went over its rate limit;
             *     `The server is busy with your earlier requests. Please try again later.` when the request
             *     was not counted against any limit but the caller's own earlier work still fills what the
             *     server holds for it: the token's chat and embeddings in flight (`x-in-flight-limited`),
             *     or its account's share of the queues of work the server shares among accounts.
             * @enum {unknown}
             */
            message: "Rate limit exceeded. Please try again later." | "The server is busy with your earlier requests. Please try again later.";
        };
        NotFoundError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Resource does not exist";
        };
        ForbiddenError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "You do not have permission to access this resource";
        };
        UnauthorizedError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Unauthorized access";
        };
        BadRequestError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Invalid input provided";
            /** @description Each bad field, in the order found. */
            errors: components["schemas"]["ValidationIssue"][];
        };
        MethodNotAllowedError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Method not allowed";
        };
    };
    responses: {
        /** @description The request is invalid; `errors` names each bad field. */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadRequestError"];
            };
        };
        /** @description The `Authorization` header is missing or malformed, or the token is unknown or revoked. */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnauthorizedError"];
            };
        };
        /**
         * @description The token lacks the scope the operation names (`admin`, or `operator`), or, creating a
         *     token, asks for `operator` without having it.
         */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /**
         * @description The server runs with this feature turned off (`FEATURES_OFF`): its operator chose a lean
         *     server without it. A 5xx, because it is the server's setup and not the client's request;
         *     `501`, as a replay miss, because it is no status the platform or a fault answers.
         */
        FeatureOff: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FeatureOffError"];
            };
        };
        /**
         * @description No rule, fixture, account or active token has this id (among its account's, for an
         *     account's admin), or no operation has the path.
         */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /**
         * @description The document is invalid (`errors` names each bad field), or the call would leave the caller
         *     without the rights it used: `errors` then names `tokens` with the rule ("No import locks
         *     you out"). Nothing was changed.
         */
        LockOut: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadRequestError"];
            };
        };
        /** @description The server failed; the details are in its log. */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InternalServerError"];
            };
        };
        /**
         * @description Too many failed authentications came from this client address (the platform contract's
         *     "Rate limiting"): this request's token is not valid, and until `Retry-After` seconds have
         *     passed such a token is answered `429` instead of `401`. A valid token is served as usual.
         */
        AuthFailuresLimited: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RateLimitError"];
            };
        };
        /**
         * @description The path is one an operation of this API has, but no operation takes this method there;
         *     `Allow` lists the methods that are taken (a `GET` path also takes `HEAD`).
         */
        MethodNotAllowed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["MethodNotAllowedError"];
            };
        };
        /**
         * @description The server cannot reach where it keeps this state now: the Redis its instances share
         *     (`REDIS_URL`), or its database (unreachable, full or failing, which also fails the token's
         *     lookup). Try again after `Retry-After` seconds. Nothing was changed.
         */
        SharedStateUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                /** @description Seconds to wait before trying again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ServiceUnavailableError"];
            };
        };
        /**
         * @description As many journal streams as the server allows are open, or the server cannot reach its
         *     database or the Redis its instances share now; try again later.
         */
        TooManyStreams: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                /** @description Seconds to wait before trying again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ServiceUnavailableError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id, echoed from the request's `x-request-id` or made by the server. */
        RequestId: string;
        /** @description The methods the path takes (RFC 9110 §10.2.1), e.g. `GET, HEAD`. */
        Allow: string;
        /** @description Seconds until the current window resets. */
        RateLimitReset: number;
        /** @description Requests left in the current window for this token. */
        RateLimitRemaining: number;
        /** @description Requests allowed per window for this token. */
        RateLimitLimit: number;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The authentication scheme to use (RFC 9110 §11.6.1); always `Bearer` on a `401`. */
        WwwAuthenticate: "Bearer";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listRequests: {
        parameters: {
            query?: {
                /** @description Only requests with this HTTP method. */
                method?: components["schemas"]["HttpMethod"];
                /** @description Only requests to this path; a trailing `*` matches every path that starts with what precedes it. */
                path?: components["schemas"]["PathPattern"];
                /** @description Only requests answered with this status. */
                status?: components["schemas"]["HttpStatus"];
                /** @description At most this many entries. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching entries, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRequestsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    clearRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal is empty. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClearedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    findRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestMatcher"];
            };
        };
        responses: {
            /** @description The count and the matching entries, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindRequestsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    streamRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of new entries. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["JournalEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["TooManyStreams"];
        };
    };
    summarizeViolations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups, by operation and then rule. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViolationSummaryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    clearViolations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary is empty. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClearedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The data now held. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateSummaryResponse"];
                };
            };
            400: components["responses"]["LockOut"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    exportState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportStateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    importState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["State"];
            };
        };
        responses: {
            /** @description The data now held. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateSummaryResponse"];
                };
            };
            400: components["responses"]["LockOut"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules, oldest first (the order they are tried in). */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListFaultsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRuleInput"];
            };
        };
        responses: {
            /** @description The rule, with its id. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultRuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No rule is left. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClearedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    removeFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's id. */
                id: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed rule. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultRuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    updateFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's id. */
                id: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRulePatch"];
            };
        };
        responses: {
            /** @description The rule as it now is. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultRuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    listChatFixtures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fixtures, in the order they are tried. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListChatFixturesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    addChatFixture: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatFixtureInput"];
            };
        };
        responses: {
            /** @description The fixture, with its id. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatFixtureResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    clearChatFixtures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No fixture is left. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClearedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    removeChatFixture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The fixture's id. */
                id: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed fixture. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatFixtureResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    updateChatFixture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The fixture's id. */
                id: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatFixturePatch"];
            };
        };
        responses: {
            /** @description The fixture as it now is. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatFixtureResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenInput"];
            };
        };
        responses: {
            /** @description The token, shown this once, and its record. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenCreatedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token's id (`GET /state` lists them). */
                id: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked token's record. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenRevokedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["SharedStateUnavailable"];
        };
    };
    describeCaller: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    scrapeMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["AuthFailuresLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["FeatureOff"];
        };
    };
}
