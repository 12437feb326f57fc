// Generated from openapi/openapi.yaml by packages/types/scripts/generate.mjs. Do not edit.
/* eslint-disable */
export interface paths {
    "/agents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a custom agent
         * @description Creates an agent in the caller's account with status `ACTIVE` and returns the first eight
         *     fields of its record. Names need not be unique. Requires the `agents:write` scope.
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/view/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one custom agent
         * @description Returns the full record of one agent. `{id}` matches either the numeric `id` or the
         *     `agentReferenceId`. `404` when nothing matches; `403` when the agent belongs to another
         *     account. Requires the `agents:read` scope.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/chat/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an agent chat request
         * @description Answers `message` as the agent defined inline by `name`, `description`, `instruction` and
         *     `intents`; no stored agent id is sent. Every optional field takes the declared default when
         *     absent. `agents` names agents of the caller's account to hand off to: an unknown id answers
         *     `404`, another account's `403`. Requires the `agents:chat` scope.
         *
         *     With `stream: true` the answer is sent as `text/event-stream`: each event is a line
         *     `data: {ChatStreamChunk}` carrying the answer's deltas, the last chunk carries `finish_reason`
         *     and `matched_stop`, and the stream ends with `data: [DONE]`. Errors found before the stream
         *     starts use the normal envelope and status. A streamed answer is never stored for an
         *     `Idempotency-Key`: a key with `stream: true` answers `400` naming `header.idempotency-key`.
         *
         *     A failure after the stream has started (the model server died, stalled or reported an error)
         *     ends the stream with one terminal event `event: error` whose `data:` is the error envelope the
         *     request would have answered (`ChatStreamError`, e.g.
         *     `{"success":false,"message":"Internal server error"}`), and no `data: [DONE]`. Only a stream
         *     ending in `data: [DONE]` is a complete answer.
         *
         *     `response_format.json_schema.schema` is bounded (see `ResponseSchema`) and checked before any
         *     answer is generated: a schema over a limit, one the engine does not support, or one whose
         *     smallest valid answer cannot fit in `max_tokens` answers `400` naming the keyword. A schema
         *     whose answer still takes too long or too much memory to compute (the reference server's
         *     budget is 10 s and 512 MB, configurable) answers
         *     `400` naming `/response_format/json_schema/schema`.
         */
        post: operations["chatRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcribe/workspace/{id}/transcriptions/{transcriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Replace a transcription's transcript
         * @description Replaces the `transcript` content of a stored transcription, sets `updatedAt` and leaves every
         *     other field as it was. `404` when the workspace or the transcription does not exist, or the
         *     transcription is in another workspace; `403` when the workspace belongs to another account.
         *     Requires the `transcriptions:write` scope.
         */
        patch: operations["updateTranscription"];
        trace?: never;
    };
    "/vectors/embedding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compute embeddings
         * @description Returns one L2-normalised vector per sentence, in input order. The embedded engine of the
         *     reference server produces 384 dimensions; a deployment backed by another model returns that
         *     model's fixed dimension. Requires the `embeddings:create` scope.
         */
        post: operations["createEmbeddings"];
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
        /** @description A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`). */
        PositiveId: number;
        /** @description A numeric agent `id` or an `agentReferenceId` (UUID). */
        AgentLookupId: string;
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
        BadRequestError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Invalid input provided";
            /** @description Each bad field, in the order found. */
            errors: components["schemas"]["ValidationIssue"][];
        };
        UnauthorizedError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Unauthorized access";
        };
        ForbiddenError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "You do not have permission to access this resource";
        };
        NotFoundError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Resource does not exist";
        };
        MethodNotAllowedError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Method not allowed";
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
        ConflictError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "A request with this Idempotency-Key is still in progress";
        };
        /**
         * @description 1–255 visible ASCII characters (no spaces), compared exactly as sent (quotes are part of
         *     the key). A key over the limit or with other characters answers `400` naming
         *     `header.idempotency-key`.
         */
        IdempotencyKey: string;
        InternalServerError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Internal server error";
        };
        BadGatewayError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Bad gateway";
        };
        ServiceUnavailableError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Service unavailable";
        };
        GatewayTimeoutError: {
            /** @constant */
            success: false;
            /** @constant */
            message: "Gateway timeout";
        };
        /** @description The agent's name, 1–200 characters. Names need not be unique. */
        AgentName: string;
        /** @description What the agent is for, at most 2,000 characters. */
        AgentDescription: string;
        /** @description What the agent should do, 1–32,000 characters. */
        AgentInstruction: string;
        /** @description Behaviour hints, at most 50 strings of at most 200 characters. */
        Intents: string[];
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
        /** @description A tool the agent may use, discriminated by `type`. Always a JSON object. */
        Tool: components["schemas"]["FunctionTool"] | components["schemas"]["SvcTool"];
        Tools: components["schemas"]["Tool"][];
        CreateAgentBody: {
            name: components["schemas"]["AgentName"];
            /** @default  */
            description?: components["schemas"]["AgentDescription"];
            instruction: components["schemas"]["AgentInstruction"];
            /** @default [] */
            intents?: components["schemas"]["Intents"];
            /** @description The knowledge base the agent draws on. Stored as `null` when absent. */
            knowledgeBaseId?: number;
            /**
             * @description At most 64 tools, default `[]`. Also accepted as a JSON-encoded string of the same array
             *     (the product text calls the field a JSON string); an unparsable or invalid string is `400`.
             * @default []
             */
            tools?: components["schemas"]["Tools"] | string;
        };
        /**
         * @description `ACTIVE` on a newly created agent; this version defines no other status.
         * @enum {string}
         */
        AgentStatus: "ACTIVE";
        /** @description The first eight fields of an agent record, as returned on creation. */
        AgentSummary: {
            id: components["schemas"]["PositiveId"];
            /**
             * Format: uuid
             * @description UUID-shaped identifier, usable wherever the numeric id is.
             */
            agentReferenceId: string;
            name: components["schemas"]["AgentName"];
            description: components["schemas"]["AgentDescription"];
            instruction: components["schemas"]["AgentInstruction"];
            status: components["schemas"]["AgentStatus"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description The full agent record (all eleven fields), as returned by getAgent. */
        Agent: {
            id: components["schemas"]["PositiveId"];
            /**
             * Format: uuid
             * @description UUID-shaped identifier, usable wherever the numeric id is.
             */
            agentReferenceId: string;
            name: components["schemas"]["AgentName"];
            description: components["schemas"]["AgentDescription"];
            instruction: components["schemas"]["AgentInstruction"];
            status: components["schemas"]["AgentStatus"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            intents: components["schemas"]["Intents"];
            /** @description The knowledge base id, `null` when the agent has none. */
            knowledgeBaseId: number | null;
            tools: components["schemas"]["Tools"];
        };
        TextContent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
            text: string;
        };
        ImageContent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "image_url";
            image_url: {
                /**
                 * @description An `http(s)` URL, or a `data:` URL of a base64 PNG, JPEG, GIF or WebP image (the
                 *     whole request stays under the 10 MiB body limit).
                 */
                url: string;
            };
        };
        /** @description A block of a message's content, discriminated by `type`. Always a JSON object. */
        ContentBlock: components["schemas"]["TextContent"] | components["schemas"]["ImageContent"];
        /** @description The user's message of a chat request. */
        AgentChatMessage: {
            /** @enum {string} */
            role: "user";
            content: components["schemas"]["ContentBlock"][];
        };
        /** @description An earlier message of the conversation. */
        HistoryMessage: {
            /** @enum {string} */
            role: "user" | "system" | "assistant" | "tool" | "function";
            content: components["schemas"]["ContentBlock"][];
        };
        /** @description Earlier messages of the conversation, oldest first, at most 200. */
        MemoryChat: components["schemas"]["HistoryMessage"][];
        /** @enum {string} */
        ReasoningEffort: "minimal" | "low" | "medium" | "high";
        Reasoning: {
            effort: components["schemas"]["ReasoningEffort"];
        };
        /** @description Asks for an answer that is a JSON text valid against `json_schema.schema`. */
        ResponseFormat: {
            /** @enum {string} */
            type: "json_schema";
            json_schema: {
                name: string;
                /** @default false */
                strict?: boolean;
                schema: components["schemas"]["ResponseSchema"];
            };
        };
        /**
         * @description The JSON Schema (draft 2020-12 subset) the answer must be valid against. A schema that cannot
         *     be satisfied, or that uses a keyword the model does not support, answers `400` naming the
         *     keyword. Its JSON text is at most 65,536 bytes (`x-max-json-bytes`) and subschemas nest at
         *     most 16 deep (`x-max-depth`); every subschema is a `ResponseSubschema`, whose keyword values
         *     are bounded. A string's `minLength` may be at most 4 × `max_tokens` and an array's `minItems`
         *     at most `max_tokens`, counted over nested arrays (an answer needs at least a token per item
         *     and holds at most about four characters a token); past that the request answers `400` naming
         *     the keyword before anything is generated.
         */
        ResponseSchema: components["schemas"]["ResponseSubschema"];
        /**
         * @description One schema object of a response schema, with bounded keyword values. Keywords not listed here
         *     pass the contract; the engine answers `400` for any it does not support.
         */
        ResponseSubschema: {
            enum?: unknown[];
            pattern?: string;
            format?: string;
            minLength?: number;
            minItems?: number;
            minProperties?: number;
            required?: unknown[];
            properties?: {
                [key: string]: components["schemas"]["ResponseSubschemaOrBoolean"];
            };
            $defs?: {
                [key: string]: components["schemas"]["ResponseSubschemaOrBoolean"];
            };
            definitions?: {
                [key: string]: components["schemas"]["ResponseSubschemaOrBoolean"];
            };
            items?: components["schemas"]["ResponseSubschemaOrBoolean"];
            additionalProperties?: components["schemas"]["ResponseSubschemaOrBoolean"];
            allOf?: components["schemas"]["ResponseSubschemaOrBoolean"][];
            anyOf?: components["schemas"]["ResponseSubschemaOrBoolean"][];
            oneOf?: components["schemas"]["ResponseSubschemaOrBoolean"][];
        } & {
            [key: string]: unknown;
        };
        /** @description A subschema, or `true`/`false`. */
        ResponseSubschemaOrBoolean: boolean | components["schemas"]["ResponseSubschema"];
        /**
         * @description The `data:` of the terminal `event: error` of a chat stream that failed after it started: the
         *     error envelope the request would have answered. No `data: [DONE]` follows it. The `503`
         *     envelope ends a stream its server stopped before it could finish (a restart): send the chat
         *     again.
         */
        ChatStreamError: components["schemas"]["InternalServerError"] | components["schemas"]["RateLimitError"] | components["schemas"]["ServiceUnavailableError"];
        /**
         * @description The chat model: one of `x-known-models` (the default among them) on a server with its
         *     offline engine; a deployment with an upstream engine knows the names its configuration
         *     maps to the upstream's models instead (the reference server's `CHAT_MODEL_MAP`). A model
         *     the server does not know answers `400` naming `/model` and listing the known ones.
         * @default svc-v1-blaze-20250318
         */
        ChatModel: string;
        ChatRequestBody: {
            name: components["schemas"]["AgentName"];
            description: components["schemas"]["AgentDescription"];
            instruction: components["schemas"]["AgentInstruction"];
            intents: components["schemas"]["Intents"];
            model?: components["schemas"]["ChatModel"];
            message: components["schemas"]["AgentChatMessage"];
            /** @default 0.1 */
            temperature?: number;
            /** @default 0.95 */
            top_p?: number;
            /**
             * @description The most tokens the answer may have; an answer cut here ends with `finish_reason` `length`.
             * @default 4096
             */
            max_tokens?: number;
            /** @default 0.3 */
            frequency_penalty?: number;
            /** @default 0.3 */
            presence_penalty?: number;
            /** @default 2024 */
            seed?: number;
            /**
             * @description With `true` the answer is sent as a `text/event-stream` of `ChatStreamChunk` events.
             * @default false
             */
            stream?: boolean;
            /**
             * @description Ids of agents in the caller's account the main agent may hand off to. An unknown id
             *     answers `404`, an agent of another account `403`.
             */
            agents?: components["schemas"]["PositiveId"][];
            /** @description Earlier messages of the conversation; also accepted as a JSON-encoded string of the array. */
            memoryChat?: components["schemas"]["MemoryChat"] | string;
            /**
             * @description Reasoning settings; also accepted as a JSON-encoded string of the object. `effort` is one
             *     of `minimal`, `low`, `medium`, `high`.
             */
            reasoning?: components["schemas"]["Reasoning"] | string;
            response_format?: components["schemas"]["ResponseFormat"];
        };
        /**
         * @description `stop` when the answer ended by itself, `length` when it was cut by `max_tokens`.
         * @enum {string}
         */
        FinishReason: "stop" | "length";
        /**
         * @description The id of the stop token that ended the answer; `-1` when no stop token matched (as with
         *     `finish_reason` `length`). For the default model `svc-v1-blaze-20250318` the end-of-sequence
         *     token is `199999`.
         */
        MatchedStop: number;
        ChatRequestItem: {
            finish_reason: components["schemas"]["FinishReason"];
            message: {
                /** @enum {string} */
                role: "assistant";
                /** @description The answer text. */
                content: string;
            };
            matched_stop: components["schemas"]["MatchedStop"];
        };
        /** @description Unix time in seconds when the answer was made; an integer from this server, typed to accept both. */
        Created: number | string;
        ChatResult: {
            request: components["schemas"]["ChatRequestItem"][];
            created: components["schemas"]["Created"];
            /** @description The model that answered. */
            model: string;
            /** @enum {string} */
            object: "chat.request";
        };
        ChatStreamDelta: {
            /** @enum {string} */
            role?: "assistant";
            content?: string;
        };
        ChatStreamChoice: {
            index: number;
            delta: components["schemas"]["ChatStreamDelta"];
            /** @description `null` until the last chunk, which carries `stop` or `length`. */
            finish_reason: components["schemas"]["FinishReason"] | null;
            /** @description `null` until the last chunk, which carries the matched stop token id or `-1`. */
            matched_stop: number | null;
        };
        /**
         * @description One `data:` event of a streamed chat answer. Concatenating every `delta.content` gives the same
         *     text as the non-streamed answer. The stream ends with the event `data: [DONE]`.
         */
        ChatStreamChunk: {
            /** @enum {string} */
            object: "chat.request.chunk";
            created: components["schemas"]["Created"];
            model: string;
            request: components["schemas"]["ChatStreamChoice"][];
        };
        TranscriptContent: {
            /** @description The file name (lowercase `filename` inside this object). */
            filename: string;
            /** @description The transcript text, at most 2,000,000 characters. */
            transcript: string;
        };
        UpdateTranscriptionBody: {
            transcript: components["schemas"]["TranscriptContent"];
        };
        /**
         * @description `COMPLETED` once transcribed. Editing a transcript does not change the status.
         * @enum {string}
         */
        TranscriptionStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
        Transcription: {
            id: components["schemas"]["PositiveId"];
            fileName: string;
            /** @description URL of the stored file. */
            fileUrl: string;
            /** @description Media type of the file, e.g. `audio/mpeg`. */
            fileType: string;
            /** @description Length of the recording in seconds. */
            duration: number;
            transcript: components["schemas"]["TranscriptContent"];
            status: components["schemas"]["TranscriptionStatus"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /**
         * @default svc-embeddings-v1-20241001
         * @enum {string}
         */
        EmbeddingsModel: "svc-embeddings-v1-20241001";
        EmbeddingsBody: {
            model?: components["schemas"]["EmbeddingsModel"];
            /** @description 1–256 non-empty texts of at most 8,192 characters each. */
            sentences: string[];
            /**
             * @description `multi` (any language, the default) or an ISO 639-1 code hinting the language.
             * @default multi
             */
            lang?: string;
        };
        EmbeddingsResult: {
            /** @description One L2-normalised vector per sentence, in input order. */
            embeddings: number[][];
        };
        CreateAgentResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Agent created successfully";
            data: components["schemas"]["AgentSummary"];
        };
        GetAgentResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Agents retrieved successfully";
            data: components["schemas"]["Agent"];
        };
        ChatResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Chat request processed successfully";
            data: components["schemas"]["ChatResult"];
        };
        UpdateTranscriptionResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Transcription updated successfully";
            data: components["schemas"]["Transcription"];
        };
        EmbeddingsResponse: {
            /** @constant */
            success: true;
            /** @constant */
            message: "Embeddings created successfully";
            data: components["schemas"]["EmbeddingsResult"];
        };
    };
    responses: {
        /**
         * @description The request is invalid: a path parameter, the JSON body (malformed, too large, a wrong type or
         *     value, an unknown field) or a value the operation cannot serve. `errors` names each bad field.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadRequestError"];
            };
        };
        /**
         * @description The request is invalid (as `BadRequest`), or its `Idempotency-Key` cannot be honoured: the
         *     key was first used with another method, path or body, or it came with a streamed chat
         *     (`stream: true`), whose answer is never stored. Either names `header.idempotency-key`.
         */
        IdempotentBadRequest: {
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
        /** @description The token lacks the operation's scope, or the resource belongs to another account. */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /** @description The resource (or the route) does not exist. */
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
         * @description The token sent more requests than its limit allows in the current window (the rate-limit
         *     message), or the caller's earlier requests still fill what the server holds for it (the busy
         *     message, see `RateLimitError`). Either way, retry after `Retry-After` seconds.
         */
        RateLimited: {
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
         * @description The path is one an operation has, but no operation takes this method there; `Allow` lists
         *     the methods that are taken (a `GET` path also takes `HEAD`).
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
         * @description A request with the same `Idempotency-Key` (in the same account) is still being answered: a
         *     chat or embeddings, or a create still running after 5 seconds. Retry after `Retry-After`
         *     seconds: once the first request is answered, the same request gets its stored answer.
         */
        IdempotencyKeyInUse: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ConflictError"];
            };
        };
        /** @description An unexpected failure; details are logged with the request id, never sent. */
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
         * @description A load balancer's answer: the instance that took the request failed before answering it.
         *     Whether the operation was done is unknown; send it again (with the same `Idempotency-Key`,
         *     for a `POST`).
         */
        BadGateway: {
            headers: {
                "x-request-id": components["headers"]["BalancerRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadGatewayError"];
            };
        };
        /**
         * @description The deployment cannot serve the request now (its storage, or the state its instances share,
         *     is unreachable, full or failing; the work it queued passed its deadline while it was busy;
         *     or no instance behind its load balancer can take it); nothing was done. Retry after
         *     `Retry-After` seconds, a `POST` with the same `Idempotency-Key` (see "Idempotent requests"
         *     and "Availability").
         */
        ServiceUnavailable: {
            headers: {
                "x-request-id": components["headers"]["BalancerRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ServiceUnavailableError"];
            };
        };
        /**
         * @description A load balancer's answer: no instance answered in time. Whether the operation was done is
         *     unknown.
         */
        GatewayTimeout: {
            headers: {
                "x-request-id": components["headers"]["BalancerRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GatewayTimeoutError"];
            };
        };
    };
    parameters: {
        /**
         * @description A key that makes this `POST` safe to retry: the same key with the same request within its
         *     retention (24 hours on the reference server) answers the first answer again, with
         *     `Idempotent-Replayed: true`, instead of doing the operation twice. Keys belong to the token's
         *     account. See "Idempotent requests" in the API's description for every rule. A random UUID per
         *     logical request, the same on each of its retries, is a good key.
         * @example 5f0c6a52-4d1e-4f7e-9a43-3b1c2d9e8f10
         */
        IdempotencyKey: components["schemas"]["IdempotencyKey"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description `true` when this answer is the stored answer of an earlier request with the same
         *     `Idempotency-Key` (the operation did not run again); absent otherwise.
         */
        IdempotentReplayed: "true";
        /** @description The request's id, echoed from the request's `x-request-id` or made by the server. */
        RequestId: string;
        /**
         * @description Where the server spent this request's time (W3C Server Timing), each `dur` in milliseconds:
         *     `auth` (the token's lookup), `db` (the operation's database calls), `engine` (the chat or
         *     embeddings engine; for a stream, until its first answer), and `total` (from the request's
         *     arrival to this answer's headers). Only the stages the request went through are listed.
         *     Informative: its metrics may change, and a deployment may leave it out.
         * @example auth;desc="token";dur=0.052, db;desc="database";dur=0.410, total;dur=1.203
         */
        ServerTiming: string;
        /**
         * @description The request's id, echoed from the request's `x-request-id` or made by whoever answered: the
         *     server, or the load balancer in front of it (which may leave it out of some of its own `502`s).
         */
        BalancerRequestId: string;
        /** @description The authentication scheme to use (RFC 9110 §11.6.1); always `Bearer` on a `401`. */
        WwwAuthenticate: "Bearer";
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The methods the path takes (RFC 9110 §10.2.1), e.g. `GET, HEAD`. */
        Allow: string;
        /** @description Requests allowed per window for this token. */
        RateLimitLimit: number;
        /** @description Requests left in the current window for this token. */
        RateLimitRemaining: number;
        /** @description Seconds until the current window resets. */
        RateLimitReset: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createAgent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes this `POST` safe to retry: the same key with the same request within its
                 *     retention (24 hours on the reference server) answers the first answer again, with
                 *     `Idempotent-Replayed: true`, instead of doing the operation twice. Keys belong to the token's
                 *     account. See "Idempotent requests" in the API's description for every rule. A random UUID per
                 *     logical request, the same on each of its retries, is a good key.
                 * @example 5f0c6a52-4d1e-4f7e-9a43-3b1c2d9e8f10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentBody"];
            };
        };
        responses: {
            /** @description The agent was created. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Server-Timing": components["headers"]["ServerTiming"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAgentResponse"];
                };
            };
            400: components["responses"]["IdempotentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's numeric `id` (e.g. `1`) or its `agentReferenceId` (a UUID). */
                id: components["schemas"]["AgentLookupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent's full record. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Server-Timing": components["headers"]["ServerTiming"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    chatRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes this `POST` safe to retry: the same key with the same request within its
                 *     retention (24 hours on the reference server) answers the first answer again, with
                 *     `Idempotent-Replayed: true`, instead of doing the operation twice. Keys belong to the token's
                 *     account. See "Idempotent requests" in the API's description for every rule. A random UUID per
                 *     logical request, the same on each of its retries, is a good key.
                 * @example 5f0c6a52-4d1e-4f7e-9a43-3b1c2d9e8f10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequestBody"];
            };
        };
        responses: {
            /**
             * @description The chat result (`application/json`), or with `stream: true` a `text/event-stream` of
             *     `ChatStreamChunk` events ending with `data: [DONE]`.
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Server-Timing": components["headers"]["ServerTiming"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                    "text/event-stream": components["schemas"]["ChatStreamChunk"] | components["schemas"]["ChatStreamError"];
                };
            };
            400: components["responses"]["IdempotentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateTranscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workspace id.
                 * @example 7
                 */
                id: components["schemas"]["PositiveId"];
                /**
                 * @description The transcription id.
                 * @example 42
                 */
                transcriptionId: components["schemas"]["PositiveId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTranscriptionBody"];
            };
        };
        responses: {
            /** @description The updated transcription. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Server-Timing": components["headers"]["ServerTiming"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateTranscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createEmbeddings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes this `POST` safe to retry: the same key with the same request within its
                 *     retention (24 hours on the reference server) answers the first answer again, with
                 *     `Idempotent-Replayed: true`, instead of doing the operation twice. Keys belong to the token's
                 *     account. See "Idempotent requests" in the API's description for every rule. A random UUID per
                 *     logical request, the same on each of its retries, is a good key.
                 * @example 5f0c6a52-4d1e-4f7e-9a43-3b1c2d9e8f10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmbeddingsBody"];
            };
        };
        responses: {
            /** @description The vectors, one per sentence in input order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Server-Timing": components["headers"]["ServerTiming"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmbeddingsResponse"];
                };
            };
            400: components["responses"]["IdempotentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
}
