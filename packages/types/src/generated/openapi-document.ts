// Generated from openapi/openapi.yaml by packages/types/scripts/generate.mjs. Do not edit.
import type { OpenApiDocument } from '../openapi-document-type.js';

export const openapiDocument: OpenApiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Assistant Platform API",
    "version": "0.1.0",
    "summary": "Custom agents, agent chat, transcription editing and embeddings.",
    "description": "The Assistant Platform API: create and read custom agents, send agent chat requests, replace the\ntranscript of a stored transcription and compute embeddings.\n\nThis document is the single source of truth for the platform's types, the reference server's\nvalidation, the SDK and the gateway. Where the product specification leaves a behaviour open,\nthe decision this contract takes is written into the description of the schema or operation it\nconcerns.\n\n## Envelopes\nEvery response is either the success envelope `{ success: true, message, data }` with an\noperation-specific `message`, or the error envelope `{ success: false, message }` whose `message`\nis fixed per status (see the error responses). A `400` also lists each bad field in `errors`.\n\n## Order of checks\n`401` (credentials) → `429` (the token's rate limit) → `403` (token scope) → `400` (validation)\n→ `400`/`409` (the `Idempotency-Key`, see below; a stored answer is replayed here) → `404`/`403`\n(the resource).\nA path no operation has answers the `404` envelope (`NotFound`); a path an operation has, with\na method none of its operations takes, answers `405` (`MethodNotAllowed`) with an `Allow` header\nlisting the methods it takes (`x-unmatched-requests` names both responses). A request body\nlarger than 10 MiB answers `400`.\n\n## Bodies and parameters\nBodies are JSON in UTF-8, nested at most 64 levels deep (`x-json-text`'s `maxDepth`), holding\nat most 100,000 values (`maxValues`), with no `__proto__` or `constructor.prototype` keys;\nevery string (and key) must be well-formed Unicode, so a lone surrogate such as `\"\\ud800\"`\nanswers `400`, and must not contain U+0000 (`\"\\u0000\"`, which PostgreSQL cannot store in text;\n`x-json-text`'s `forbiddenCharacters`): `400` too. Fields also accepted as a JSON-encoded string\n(`tools`, `memoryChat`, `reasoning`) get exactly the same checks inside the string. Every limit\n(`maxItems`, `maxLength`, …) is checked before the items themselves, and `errors` lists every bad\nfield found, at most 50. Integer path parameters are canonical decimal integers: `7`, never `07`,\n`7.0`, `7e0`, `0x7` or ` 7`.\n\n## Time limits\nA request's headers must arrive within 10 s and its whole body within 30 s (the reference\nserver's defaults, configurable); a slower client is answered `400` and disconnected. A\nstreamed answer has no time limit, but its client must keep reading it: once the server has\nhad events waiting that the client would not take for 10 s (the reference server's default,\n`STREAM_STALL_TIMEOUT_MS`), the connection is closed, and the stream ends without `[DONE]`, as\nany cut stream does.\n\n## Rate limiting\nLimits apply per token. A request over the limit answers `429` with `Retry-After` (seconds) and\nthe `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers, which accompany every\nrate-limited response.\n\nCost is limited as well as count: a token has at most a few requests of the operations marked\n`x-in-flight-limited` (chat and embeddings) in flight at once (4 on the reference server, configurable); one more answers `429` with\n`Retry-After` and the busy message (`RateLimitError`).\n\nFailed authentications are limited per client address, without ever refusing a valid token\n(many clients share one address): past the limit (60 failures a minute on the reference\nserver), the address's tokens are looked up one at a time and each one that is not valid\nanswers `429` with `Retry-After` instead of `401`, while a valid one is served as usual. A\nrequest with no bearer token answers `401` and does not count.\n\n## Shared work\nWork a server queues for its worker threads (a large body's parsing and validation, a chat or\nembeddings computed offline) is served fairly: accounts in turn, and an account's tokens in turn,\nso one account's backlog delays another's work by about one task at most. An account whose\nqueued work already fills its share answers `429` with `Retry-After` and the busy message. Each\nqueued task has a deadline from the moment it is queued (30 s on the reference server,\n`WORK_DEADLINE_MS`): when it passes, whether the work had started or not, the request answers\n`503` (`Service unavailable`) with `Retry-After` — the server's load, not the request, was the\ncause, and the same request may be sent again.\n\n## Timestamps\nAll timestamps are ISO 8601 UTC strings with milliseconds, e.g. `2025-03-18T10:00:00.000Z`.\n\n## Request ids\nEvery response carries an `x-request-id` header. A client may send its own `x-request-id`\n(1–128 visible ASCII characters), which is then echoed back.\n\n## Server timing\nThe reference server's answers to the operations carry `Server-Timing` (`ServerTiming`): how\nlong the request spent on its token, in the database and in the engine, as a browser's network\npanel shows it.\n\n## Unavailable, and behind a load balancer\nA deployment may answer `503` (`ServiceUnavailableError`) with `Retry-After` (seconds) when it\ncannot serve a request now: its storage, or the state its instances share, cannot be reached, or,\nbehind a load balancer, no instance can take the request. Behind a load balancer a request may\nalso get the balancer's own `502` (`BadGatewayError`: the instance that took it failed before\nanswering, so whether it was done is unknown; an operation sent with an `Idempotency-Key` is\nanswered by sending it again with the same key) or `504` (`GatewayTimeoutError`: no answer in\ntime). All three are the error envelope, with an `x-request-id` wherever the deployment can give\none, and are worth retrying after a wait (a `POST` only with an `Idempotency-Key`). A balancer\nmay also refuse, before any instance sees it, a request it cannot parse or whose headers arrive\ntoo slowly (`400`, `408`), possibly not as an envelope: well-formed clients never meet these.\n\n## Idempotent requests\nEvery `POST` takes an optional `Idempotency-Key` header (1–255 visible ASCII characters, see\n`IdempotencyKey`), which makes it safe to retry: a client that lost an answer (a timeout, a reset\nconnection, a `502`, `503` or `504`) sends the same request again with the same key, and the\noperation is done once.\n- Keys belong to the token's account: two tokens of one account share them, another account's\n  same key is another key.\n- What an operation does and its answer are kept together or not at all: the agent a create\n  makes is stored in the same transaction as the create's answer. Once stored, the answer (its\n  status, its body and its `content-type`) is kept for 24 hours (the reference server's\n  default, `IDEMPOTENCY_RETENTION_MS`), also when the server stops before sending it. When the\n  server stops earlier (even killed), nothing of the request is kept and the same key runs it\n  again at once. The same key with the same method, path and body (compared as JSON, so key\n  order and whitespace do not matter) answers the stored answer again, marked\n  `Idempotent-Replayed: true`, with its own `x-request-id` and rate-limit headers; the operation\n  does not run again. A replay counts against the rate limit like any request.\n- The same key with another method, path or body answers `400` with the error\n  `{ path: \"header.idempotency-key\", message: \"was used with another request\" }`.\n- While the first request with a key is still being answered, the same key on a create waits\n  for it, then answers its stored answer (or, when the first kept nothing, runs). On a chat or\n  embeddings, which may take long, it answers `409` with `Retry-After: 1` (retry it: it then gets\n  the stored answer), as does a create whose first request is still running after 5 seconds. A\n  key is held only by a request being answered: when its server stops, the key is free at once.\n- Only answers an operation produced are kept, and only if its body is at most 256 KiB: a `400`\n  of validation (the request was not valid, nothing ran), a `429`, a `5xx` (nothing was done) or\n  a larger answer (only chat and embeddings answers, which change nothing, are that large) is\n  not kept, and the same key may be sent again to run the operation.\n- A streamed chat (`stream: true`) is not stored: a key on one answers `400` naming\n  `header.idempotency-key`. Send streamed chats without a key.\n- Keys are kept per account: the reference server keeps at most `IDEMPOTENCY_MAX_RECORDS` keys\n  per account (10,000 by default); past that the account's oldest are forgotten first, never\n  another account's. Keys past their retention are forgotten too.\n\n## Availability\nA server that cannot serve a request now answers `503` with `Retry-After` (seconds) and the\nenvelope `{ success: false, message: \"Service unavailable\" }`: its database is unreachable,\nfull or failing (or, on the reference server with `REDIS_FAILURE=closed`, the state its\ninstances share is). Nothing the client sent was wrong, and the same request may succeed after\n`Retry-After` (on another instance, or once the database is back). Retry a `GET` as it is, and a\n`POST` with its `Idempotency-Key`: the write was not done, or, if its confirmation was lost on the\nway, the retry gets its stored answer instead of doing it twice.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    },
    "contact": {
      "name": "Assistant Platform team"
    }
  },
  "x-json-text": {
    "description": "The rules every JSON text a client sends must meet, whatever its schema says: the body, and\na field sent as a JSON-encoded string (`contentMediaType: application/json`). Objects and\narrays nest at most `maxDepth` levels and a text holds at most `maxValues` values (objects,\narrays, strings, numbers, `true`, `false` and `null`, counted before the text is parsed, so a\nbody of a million empty objects costs a scan, not a million objects); no string or key contains\na character of `forbiddenCharacters` or a lone surrogate. Breaking one answers `400` naming the\nplace.\n",
    "maxDepth": 64,
    "maxValues": 100000,
    "forbiddenCharacters": [
      "\u0000"
    ]
  },
  "x-unmatched-requests": {
    "description": "The answers to a request no operation takes, for tools that check answers against this\ncontract: `path` for a path no operation has, `method` for a path one has but not with this\nmethod.\n",
    "path": {
      "$ref": "#/components/responses/NotFound"
    },
    "method": {
      "$ref": "#/components/responses/MethodNotAllowed"
    }
  },
  "servers": [
    {
      "url": "/v1",
      "description": "Under the origin that serves this document (e.g. http://127.0.0.1:4010/v1)"
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "Agents",
      "description": "Custom agents stored in the caller's account."
    },
    {
      "name": "Chat",
      "description": "Agent chat requests with an inline agent definition."
    },
    {
      "name": "Transcriptions",
      "description": "Editing stored transcriptions inside a workspace."
    },
    {
      "name": "Embeddings",
      "description": "Embedding vectors for sentences."
    }
  ],
  "paths": {
    "/agents/create": {
      "post": {
        "operationId": "createAgent",
        "security": [
          {
            "bearerAuth": [
              "agents:write"
            ]
          }
        ],
        "summary": "Create a custom agent",
        "description": "Creates an agent in the caller's account with status `ACTIVE` and returns the first eight\nfields of its record. Names need not be unique. Requires the `agents:write` scope.\n",
        "tags": [
          "Agents"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateAgentBody"
              },
              "examples": {
                "support": {
                  "summary": "A support agent with a function tool and web search",
                  "value": {
                    "name": "Support triage",
                    "description": "Answers first-line support questions.",
                    "instruction": "Answer politely. Ask for the order number when a question concerns an order.",
                    "intents": [
                      "refund",
                      "delivery status",
                      "password reset"
                    ],
                    "knowledgeBaseId": 12,
                    "tools": [
                      {
                        "type": "function",
                        "function": {
                          "name": "lookup_order",
                          "description": "Looks an order up by its number.",
                          "strict": true,
                          "parameters": {
                            "type": "object",
                            "properties": {
                              "orderNumber": {
                                "type": "string",
                                "description": "The order number, e.g. A-1001."
                              }
                            },
                            "required": [
                              "orderNumber"
                            ],
                            "additionalProperties": false
                          }
                        }
                      },
                      {
                        "type": "svc_tool",
                        "svc_tool": "web_search_tool"
                      }
                    ]
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The agent was created.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              },
              "Server-Timing": {
                "$ref": "#/components/headers/ServerTiming"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/IdempotentReplayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreateAgentResponse"
                },
                "examples": {
                  "created": {
                    "value": {
                      "success": true,
                      "message": "Agent created successfully",
                      "data": {
                        "id": 1,
                        "agentReferenceId": "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f",
                        "name": "Support triage",
                        "description": "Answers first-line support questions.",
                        "instruction": "Answer politely. Ask for the order number when a question concerns an order.",
                        "status": "ACTIVE",
                        "createdAt": "2025-03-18T10:00:00.000Z",
                        "updatedAt": "2025-03-18T10:00:00.000Z"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/IdempotentBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyKeyInUse"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "502": {
            "$ref": "#/components/responses/BadGateway"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "504": {
            "$ref": "#/components/responses/GatewayTimeout"
          }
        }
      }
    },
    "/agents/view/{id}": {
      "get": {
        "operationId": "getAgent",
        "security": [
          {
            "bearerAuth": [
              "agents:read"
            ]
          }
        ],
        "summary": "Read one custom agent",
        "description": "Returns the full record of one agent. `{id}` matches either the numeric `id` or the\n`agentReferenceId`. `404` when nothing matches; `403` when the agent belongs to another\naccount. Requires the `agents:read` scope.\n",
        "tags": [
          "Agents"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The agent's numeric `id` (e.g. `1`) or its `agentReferenceId` (a UUID).",
            "schema": {
              "$ref": "#/components/schemas/AgentLookupId"
            },
            "examples": {
              "numeric": {
                "value": "1"
              },
              "reference": {
                "value": "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f"
              }
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The agent's full record.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              },
              "Server-Timing": {
                "$ref": "#/components/headers/ServerTiming"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/GetAgentResponse"
                },
                "examples": {
                  "found": {
                    "value": {
                      "success": true,
                      "message": "Agents retrieved successfully",
                      "data": {
                        "id": 1,
                        "agentReferenceId": "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f",
                        "name": "Support triage",
                        "description": "Answers first-line support questions.",
                        "instruction": "Answer politely. Ask for the order number when a question concerns an order.",
                        "status": "ACTIVE",
                        "createdAt": "2025-03-18T10:00:00.000Z",
                        "updatedAt": "2025-03-18T10:00:00.000Z",
                        "intents": [
                          "refund",
                          "delivery status",
                          "password reset"
                        ],
                        "knowledgeBaseId": 12,
                        "tools": [
                          {
                            "type": "svc_tool",
                            "svc_tool": "web_search_tool"
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "502": {
            "$ref": "#/components/responses/BadGateway"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "504": {
            "$ref": "#/components/responses/GatewayTimeout"
          }
        }
      }
    },
    "/agents/chat/request": {
      "post": {
        "operationId": "chatRequest",
        "security": [
          {
            "bearerAuth": [
              "agents:chat"
            ]
          }
        ],
        "x-in-flight-limited": true,
        "summary": "Send an agent chat request",
        "description": "Answers `message` as the agent defined inline by `name`, `description`, `instruction` and\n`intents`; no stored agent id is sent. Every optional field takes the declared default when\nabsent. `agents` names agents of the caller's account to hand off to: an unknown id answers\n`404`, another account's `403`. Requires the `agents:chat` scope.\n\nWith `stream: true` the answer is sent as `text/event-stream`: each event is a line\n`data: {ChatStreamChunk}` carrying the answer's deltas, the last chunk carries `finish_reason`\nand `matched_stop`, and the stream ends with `data: [DONE]`. Errors found before the stream\nstarts use the normal envelope and status. A streamed answer is never stored for an\n`Idempotency-Key`: a key with `stream: true` answers `400` naming `header.idempotency-key`.\n\nA failure after the stream has started (the model server died, stalled or reported an error)\nends the stream with one terminal event `event: error` whose `data:` is the error envelope the\nrequest would have answered (`ChatStreamError`, e.g.\n`{\"success\":false,\"message\":\"Internal server error\"}`), and no `data: [DONE]`. Only a stream\nending in `data: [DONE]` is a complete answer.\n\n`response_format.json_schema.schema` is bounded (see `ResponseSchema`) and checked before any\nanswer is generated: a schema over a limit, one the engine does not support, or one whose\nsmallest valid answer cannot fit in `max_tokens` answers `400` naming the keyword. A schema\nwhose answer still takes too long or too much memory to compute (the reference server's\nbudget is 10 s and 512 MB, configurable) answers\n`400` naming `/response_format/json_schema/schema`.\n",
        "tags": [
          "Chat"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ChatRequestBody"
              },
              "examples": {
                "minimal": {
                  "summary": "Only the required fields; the declared defaults apply",
                  "value": {
                    "name": "Support triage",
                    "description": "Answers first-line support questions.",
                    "instruction": "Answer politely.",
                    "intents": [
                      "refund",
                      "delivery status"
                    ],
                    "message": {
                      "role": "user",
                      "content": [
                        {
                          "type": "text",
                          "text": "Where is my parcel?"
                        }
                      ]
                    }
                  }
                },
                "full": {
                  "summary": "Every field",
                  "value": {
                    "name": "Support triage",
                    "description": "Answers first-line support questions.",
                    "instruction": "Answer politely.",
                    "intents": [
                      "refund",
                      "delivery status"
                    ],
                    "model": "svc-v1-blaze-20250318",
                    "message": {
                      "role": "user",
                      "content": [
                        {
                          "type": "text",
                          "text": "Is this the damaged item?"
                        },
                        {
                          "type": "image_url",
                          "image_url": {
                            "url": "https://images.example.org/parcel.jpg"
                          }
                        }
                      ]
                    },
                    "temperature": 0.1,
                    "top_p": 0.95,
                    "max_tokens": 4096,
                    "frequency_penalty": 0.3,
                    "presence_penalty": 0.3,
                    "seed": 2024,
                    "stream": false,
                    "agents": [
                      2
                    ],
                    "memoryChat": [
                      {
                        "role": "user",
                        "content": [
                          {
                            "type": "text",
                            "text": "My order A-1001 arrived broken."
                          }
                        ]
                      },
                      {
                        "role": "assistant",
                        "content": [
                          {
                            "type": "text",
                            "text": "I am sorry to hear that. Could you send a photo?"
                          }
                        ]
                      }
                    ],
                    "reasoning": {
                      "effort": "low"
                    },
                    "response_format": {
                      "type": "json_schema",
                      "json_schema": {
                        "name": "triage",
                        "strict": true,
                        "schema": {
                          "type": "object",
                          "properties": {
                            "summary": {
                              "type": "string"
                            },
                            "sentiment": {
                              "type": "string",
                              "enum": [
                                "positive",
                                "neutral",
                                "negative"
                              ]
                            }
                          },
                          "required": [
                            "summary",
                            "sentiment"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The chat result (`application/json`), or with `stream: true` a `text/event-stream` of\n`ChatStreamChunk` events ending with `data: [DONE]`.\n",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              },
              "Server-Timing": {
                "$ref": "#/components/headers/ServerTiming"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/IdempotentReplayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ChatResponse"
                },
                "examples": {
                  "answered": {
                    "value": {
                      "success": true,
                      "message": "Chat request processed successfully",
                      "data": {
                        "request": [
                          {
                            "finish_reason": "stop",
                            "message": {
                              "role": "assistant",
                              "content": "Your parcel is on its way; it should arrive tomorrow."
                            },
                            "matched_stop": 199999
                          }
                        ],
                        "created": 1742292000,
                        "model": "svc-v1-blaze-20250318",
                        "object": "chat.request"
                      }
                    }
                  }
                }
              },
              "text/event-stream": {
                "schema": {
                  "description": "The JSON of each event's `data:`: a `ChatStreamChunk`, or for the terminal\n`event: error` of a failed stream a `ChatStreamError`.\n",
                  "oneOf": [
                    {
                      "$ref": "#/components/schemas/ChatStreamChunk"
                    },
                    {
                      "$ref": "#/components/schemas/ChatStreamError"
                    }
                  ]
                },
                "x-event-stream": {
                  "description": "The stream's events, for tools that check a stream against this contract: the\n`data:` of each event of a type listed under `events` (`message` is an event\nwithout an `event:` field) is that schema's JSON; a complete stream ends with the\nevent whose `data:` is `done`, a failed one with the event type marked `terminal`.\nNothing follows either.\n",
                  "done": "[DONE]",
                  "events": {
                    "message": {
                      "schema": {
                        "$ref": "#/components/schemas/ChatStreamChunk"
                      }
                    },
                    "error": {
                      "terminal": true,
                      "schema": {
                        "$ref": "#/components/schemas/ChatStreamError"
                      }
                    }
                  }
                },
                "examples": {
                  "lastChunk": {
                    "summary": "The JSON of one event (the last before `data: [DONE]`). On the wire each event is a\nline `data: <json>` followed by a blank line. A stream that fails after it started\nends instead with `event: error` and `data: {\"success\":false,\"message\":\"Internal server error\"}`.\n",
                    "value": {
                      "object": "chat.request.chunk",
                      "created": 1742292000,
                      "model": "svc-v1-blaze-20250318",
                      "request": [
                        {
                          "index": 0,
                          "delta": {},
                          "finish_reason": "stop",
                          "matched_stop": 199999
                        }
                      ]
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/IdempotentBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyKeyInUse"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "502": {
            "$ref": "#/components/responses/BadGateway"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "504": {
            "$ref": "#/components/responses/GatewayTimeout"
          }
        }
      }
    },
    "/transcribe/workspace/{id}/transcriptions/{transcriptionId}": {
      "patch": {
        "operationId": "updateTranscription",
        "security": [
          {
            "bearerAuth": [
              "transcriptions:write"
            ]
          }
        ],
        "summary": "Replace a transcription's transcript",
        "description": "Replaces the `transcript` content of a stored transcription, sets `updatedAt` and leaves every\nother field as it was. `404` when the workspace or the transcription does not exist, or the\ntranscription is in another workspace; `403` when the workspace belongs to another account.\nRequires the `transcriptions:write` scope.\n",
        "tags": [
          "Transcriptions"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The workspace id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            },
            "example": 7
          },
          {
            "name": "transcriptionId",
            "in": "path",
            "required": true,
            "description": "The transcription id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            },
            "example": 42
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/UpdateTranscriptionBody"
              },
              "examples": {
                "edited": {
                  "value": {
                    "transcript": {
                      "filename": "call.mp3",
                      "transcript": "Agent: Good morning, how can I help? Customer: My parcel has not arrived."
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated transcription.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              },
              "Server-Timing": {
                "$ref": "#/components/headers/ServerTiming"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/UpdateTranscriptionResponse"
                },
                "examples": {
                  "updated": {
                    "value": {
                      "success": true,
                      "message": "Transcription updated successfully",
                      "data": {
                        "id": 42,
                        "fileName": "call.mp3",
                        "fileUrl": "https://files.example.org/call.mp3",
                        "fileType": "audio/mpeg",
                        "duration": 61.5,
                        "transcript": {
                          "filename": "call.mp3",
                          "transcript": "Agent: Good morning, how can I help? Customer: My parcel has not arrived."
                        },
                        "status": "COMPLETED",
                        "createdAt": "2025-01-02T03:04:05.000Z",
                        "updatedAt": "2025-03-18T10:00:00.000Z"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "502": {
            "$ref": "#/components/responses/BadGateway"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "504": {
            "$ref": "#/components/responses/GatewayTimeout"
          }
        }
      }
    },
    "/vectors/embedding": {
      "post": {
        "operationId": "createEmbeddings",
        "security": [
          {
            "bearerAuth": [
              "embeddings:create"
            ]
          }
        ],
        "x-in-flight-limited": true,
        "summary": "Compute embeddings",
        "description": "Returns one L2-normalised vector per sentence, in input order. The embedded engine of the\nreference server produces 384 dimensions; a deployment backed by another model returns that\nmodel's fixed dimension. Requires the `embeddings:create` scope.\n",
        "tags": [
          "Embeddings"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/EmbeddingsBody"
              },
              "examples": {
                "two": {
                  "value": {
                    "model": "svc-embeddings-v1-20241001",
                    "sentences": [
                      "Where is my parcel?",
                      "Wo ist mein Paket?"
                    ],
                    "lang": "multi"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The vectors, one per sentence in input order.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              },
              "Server-Timing": {
                "$ref": "#/components/headers/ServerTiming"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/IdempotentReplayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EmbeddingsResponse"
                },
                "examples": {
                  "vectors": {
                    "summary": "Shortened to three dimensions for reading",
                    "value": {
                      "success": true,
                      "message": "Embeddings created successfully",
                      "data": {
                        "embeddings": [
                          [
                            0.12,
                            -0.48,
                            0.87
                          ],
                          [
                            0.1,
                            -0.5,
                            0.86
                          ]
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/IdempotentBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyKeyInUse"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "502": {
            "$ref": "#/components/responses/BadGateway"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "504": {
            "$ref": "#/components/responses/GatewayTimeout"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <token>`: the token is RFC 6750 `token68` characters\n(`A-Z a-z 0-9 - . _ ~ + /`, then `=` padding) and the scheme name is case-insensitive. A\nmissing, malformed, unknown or revoked token answers `401`.\nTokens carry scopes (`x-scopes`): each operation names the one it requires in its own\n`security`, and `*` grants every scope of this API; a token without the operation's scope\nanswers `403`.\n",
        "x-scopes": {
          "agents:read": "Read agents (getAgent).",
          "agents:write": "Create agents (createAgent).",
          "agents:chat": "Chat with an inline agent (chatRequest).",
          "transcriptions:write": "Replace transcripts (updateTranscription).",
          "embeddings:create": "Compute embeddings (createEmbeddings).",
          "*": "Every scope of this API. On the reference server it also includes `admin`, its\naccount's administration, but never `operator` (see its admin API).\n"
        }
      }
    },
    "parameters": {
      "IdempotencyKey": {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "A key that makes this `POST` safe to retry: the same key with the same request within its\nretention (24 hours on the reference server) answers the first answer again, with\n`Idempotent-Replayed: true`, instead of doing the operation twice. Keys belong to the token's\naccount. See \"Idempotent requests\" in the API's description for every rule. A random UUID per\nlogical request, the same on each of its retries, is a good key.\n",
        "schema": {
          "$ref": "#/components/schemas/IdempotencyKey"
        },
        "example": "5f0c6a52-4d1e-4f7e-9a43-3b1c2d9e8f10"
      }
    },
    "headers": {
      "IdempotentReplayed": {
        "description": "`true` when this answer is the stored answer of an earlier request with the same\n`Idempotency-Key` (the operation did not run again); absent otherwise.\n",
        "schema": {
          "type": "string",
          "const": "true"
        }
      },
      "RequestId": {
        "description": "The request's id, echoed from the request's `x-request-id` or made by the server.",
        "required": true,
        "schema": {
          "type": "string"
        }
      },
      "ServerTiming": {
        "description": "Where the server spent this request's time (W3C Server Timing), each `dur` in milliseconds:\n`auth` (the token's lookup), `db` (the operation's database calls), `engine` (the chat or\nembeddings engine; for a stream, until its first answer), and `total` (from the request's\narrival to this answer's headers). Only the stages the request went through are listed.\nInformative: its metrics may change, and a deployment may leave it out.\n",
        "schema": {
          "type": "string",
          "maxLength": 512
        },
        "example": "auth;desc=\"token\";dur=0.052, db;desc=\"database\";dur=0.410, total;dur=1.203"
      },
      "BalancerRequestId": {
        "description": "The request's id, echoed from the request's `x-request-id` or made by whoever answered: the\nserver, or the load balancer in front of it (which may leave it out of some of its own `502`s).\n",
        "schema": {
          "type": "string"
        }
      },
      "WwwAuthenticate": {
        "description": "The authentication scheme to use (RFC 9110 §11.6.1); always `Bearer` on a `401`.",
        "required": true,
        "schema": {
          "type": "string",
          "const": "Bearer"
        }
      },
      "RetryAfter": {
        "description": "Seconds to wait before retrying.",
        "required": true,
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      },
      "Allow": {
        "description": "The methods the path takes (RFC 9110 §10.2.1), e.g. `GET, HEAD`.",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1
        }
      },
      "RateLimitLimit": {
        "description": "Requests allowed per window for this token.",
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      },
      "RateLimitRemaining": {
        "description": "Requests left in the current window for this token.",
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      },
      "RateLimitReset": {
        "description": "Seconds until the current window resets.",
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is invalid: a path parameter, the JSON body (malformed, too large, a wrong type or\nvalue, an unknown field) or a value the operation cannot serve. `errors` names each bad field.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BadRequestError"
            },
            "examples": {
              "missingName": {
                "value": {
                  "success": false,
                  "message": "Invalid input provided",
                  "errors": [
                    {
                      "path": "/name",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          }
        }
      },
      "IdempotentBadRequest": {
        "description": "The request is invalid (as `BadRequest`), or its `Idempotency-Key` cannot be honoured: the\nkey was first used with another method, path or body, or it came with a streamed chat\n(`stream: true`), whose answer is never stored. Either names `header.idempotency-key`.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BadRequestError"
            },
            "examples": {
              "missingName": {
                "value": {
                  "success": false,
                  "message": "Invalid input provided",
                  "errors": [
                    {
                      "path": "/name",
                      "message": "is required"
                    }
                  ]
                }
              },
              "keyReused": {
                "summary": "The key was first sent with another method, path or body",
                "value": {
                  "success": false,
                  "message": "Invalid input provided",
                  "errors": [
                    {
                      "path": "header.idempotency-key",
                      "message": "was used with another request"
                    }
                  ]
                }
              },
              "keyOnStream": {
                "summary": "A key on a streamed chat (`stream` true)",
                "value": {
                  "success": false,
                  "message": "Invalid input provided",
                  "errors": [
                    {
                      "path": "header.idempotency-key",
                      "message": "cannot be used with stream: true (a streamed answer is not stored)"
                    }
                  ]
                }
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The `Authorization` header is missing or malformed, or the token is unknown or revoked.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WwwAuthenticate"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/UnauthorizedError"
            },
            "examples": {
              "unauthorized": {
                "value": {
                  "success": false,
                  "message": "Unauthorized access"
                }
              }
            }
          }
        }
      },
      "Forbidden": {
        "description": "The token lacks the operation's scope, or the resource belongs to another account.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ForbiddenError"
            },
            "examples": {
              "forbidden": {
                "value": {
                  "success": false,
                  "message": "You do not have permission to access this resource"
                }
              }
            }
          }
        }
      },
      "NotFound": {
        "description": "The resource (or the route) does not exist.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/NotFoundError"
            },
            "examples": {
              "notFound": {
                "value": {
                  "success": false,
                  "message": "Resource does not exist"
                }
              }
            }
          }
        }
      },
      "RateLimited": {
        "description": "The token sent more requests than its limit allows in the current window (the rate-limit\nmessage), or the caller's earlier requests still fill what the server holds for it (the busy\nmessage, see `RateLimitError`). Either way, retry after `Retry-After` seconds.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          },
          "RateLimit-Limit": {
            "$ref": "#/components/headers/RateLimitLimit"
          },
          "RateLimit-Remaining": {
            "$ref": "#/components/headers/RateLimitRemaining"
          },
          "RateLimit-Reset": {
            "$ref": "#/components/headers/RateLimitReset"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/RateLimitError"
            },
            "examples": {
              "limited": {
                "value": {
                  "success": false,
                  "message": "Rate limit exceeded. Please try again later."
                }
              },
              "busy": {
                "value": {
                  "success": false,
                  "message": "The server is busy with your earlier requests. Please try again later."
                }
              }
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path is one an operation has, but no operation takes this method there; `Allow` lists\nthe methods that are taken (a `GET` path also takes `HEAD`).\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "Allow": {
            "$ref": "#/components/headers/Allow"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/MethodNotAllowedError"
            },
            "examples": {
              "methodNotAllowed": {
                "value": {
                  "success": false,
                  "message": "Method not allowed"
                }
              }
            }
          }
        }
      },
      "IdempotencyKeyInUse": {
        "description": "A request with the same `Idempotency-Key` (in the same account) is still being answered: a\nchat or embeddings, or a create still running after 5 seconds. Retry after `Retry-After`\nseconds: once the first request is answered, the same request gets its stored answer.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ConflictError"
            },
            "examples": {
              "inFlight": {
                "value": {
                  "success": false,
                  "message": "A request with this Idempotency-Key is still in progress"
                }
              }
            }
          }
        }
      },
      "InternalError": {
        "description": "An unexpected failure; details are logged with the request id, never sent.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/InternalServerError"
            },
            "examples": {
              "failed": {
                "value": {
                  "success": false,
                  "message": "Internal server error"
                }
              }
            }
          }
        }
      },
      "BadGateway": {
        "description": "A load balancer's answer: the instance that took the request failed before answering it.\nWhether the operation was done is unknown; send it again (with the same `Idempotency-Key`,\nfor a `POST`).\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/BalancerRequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BadGatewayError"
            },
            "examples": {
              "failed": {
                "value": {
                  "success": false,
                  "message": "Bad gateway"
                }
              }
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "The deployment cannot serve the request now (its storage, or the state its instances share,\nis unreachable, full or failing; the work it queued passed its deadline while it was busy;\nor no instance behind its load balancer can take it); nothing was done. Retry after\n`Retry-After` seconds, a `POST` with the same `Idempotency-Key` (see \"Idempotent requests\"\nand \"Availability\").\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/BalancerRequestId"
          },
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ServiceUnavailableError"
            },
            "examples": {
              "unavailable": {
                "value": {
                  "success": false,
                  "message": "Service unavailable"
                }
              }
            }
          }
        }
      },
      "GatewayTimeout": {
        "description": "A load balancer's answer: no instance answered in time. Whether the operation was done is\nunknown.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/BalancerRequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/GatewayTimeoutError"
            },
            "examples": {
              "timedOut": {
                "value": {
                  "success": false,
                  "message": "Gateway timeout"
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "PositiveId": {
        "type": "integer",
        "minimum": 1,
        "maximum": 9007199254740991,
        "description": "A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`)."
      },
      "AgentLookupId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "^(?:[1-9][0-9]{0,15}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
        "description": "A numeric agent `id` or an `agentReferenceId` (UUID)."
      },
      "Timestamp": {
        "type": "string",
        "format": "date-time",
        "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",
        "description": "ISO 8601 UTC timestamp with milliseconds.",
        "examples": [
          "2025-03-18T10:00:00.000Z"
        ]
      },
      "ValidationIssue": {
        "type": "object",
        "description": "One bad field of a request.",
        "required": [
          "path",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "path": {
            "type": "string",
            "description": "Where the problem is: a JSON Pointer into the body (`/message/content/0/text`, `` for the\nwhole body), or `path.<name>` / `header.<name>` for parameters and headers.\n"
          },
          "message": {
            "type": "string",
            "description": "What is wrong, e.g. `is required` (a missing property), `is not allowed` (an unknown\nproperty) or `must be <= 2` (a value out of range).\n"
          }
        }
      },
      "BadRequestError": {
        "type": "object",
        "required": [
          "success",
          "message",
          "errors"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Invalid input provided"
          },
          "errors": {
            "type": "array",
            "description": "Each bad field, in the order found.",
            "items": {
              "$ref": "#/components/schemas/ValidationIssue"
            }
          }
        }
      },
      "UnauthorizedError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Unauthorized access"
          }
        }
      },
      "ForbiddenError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "You do not have permission to access this resource"
          }
        }
      },
      "NotFoundError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Resource does not exist"
          }
        }
      },
      "MethodNotAllowedError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Method not allowed"
          }
        }
      },
      "RateLimitError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "enum": [
              "Rate limit exceeded. Please try again later.",
              "The server is busy with your earlier requests. Please try again later."
            ],
            "description": "`Rate limit exceeded. Please try again later.` when the token went over its rate limit;\n`The server is busy with your earlier requests. Please try again later.` when the request\nwas not counted against any limit but the caller's own earlier work still fills what the\nserver holds for it: the token's chat and embeddings in flight (`x-in-flight-limited`),\nor its account's share of the queues of work the server shares among accounts.\n"
          }
        }
      },
      "ConflictError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "A request with this Idempotency-Key is still in progress"
          }
        }
      },
      "IdempotencyKey": {
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
        "pattern": "^[\\x21-\\x7E]+$",
        "description": "1–255 visible ASCII characters (no spaces), compared exactly as sent (quotes are part of\nthe key). A key over the limit or with other characters answers `400` naming\n`header.idempotency-key`.\n"
      },
      "InternalServerError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Internal server error"
          }
        }
      },
      "BadGatewayError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Bad gateway"
          }
        }
      },
      "ServiceUnavailableError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Service unavailable"
          }
        }
      },
      "GatewayTimeoutError": {
        "type": "object",
        "required": [
          "success",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": false
          },
          "message": {
            "const": "Gateway timeout"
          }
        }
      },
      "AgentName": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "description": "The agent's name, 1–200 characters. Names need not be unique."
      },
      "AgentDescription": {
        "type": "string",
        "maxLength": 2000,
        "description": "What the agent is for, at most 2,000 characters."
      },
      "AgentInstruction": {
        "type": "string",
        "minLength": 1,
        "maxLength": 32000,
        "description": "What the agent should do, 1–32,000 characters."
      },
      "Intents": {
        "type": "array",
        "maxItems": 50,
        "description": "Behaviour hints, at most 50 strings of at most 200 characters.",
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      },
      "FunctionParameters": {
        "type": "object",
        "description": "A JSON Schema object describing the function's parameters.",
        "required": [
          "type",
          "properties"
        ],
        "properties": {
          "type": {
            "const": "object"
          },
          "properties": {
            "type": "object",
            "description": "Each parameter's name mapped to its description and type.",
            "additionalProperties": {
              "type": "object",
              "required": [
                "type"
              ],
              "properties": {
                "description": {
                  "type": "string"
                },
                "type": {
                  "type": "string"
                }
              }
            }
          },
          "required": {
            "type": "array",
            "description": "Names of the required parameters.",
            "items": {
              "type": "string"
            }
          },
          "additionalProperties": {
            "type": "boolean"
          }
        }
      },
      "FunctionTool": {
        "type": "object",
        "required": [
          "type",
          "function"
        ],
        "additionalProperties": false,
        "properties": {
          "type": {
            "const": "function"
          },
          "function": {
            "type": "object",
            "required": [
              "name",
              "parameters"
            ],
            "additionalProperties": false,
            "properties": {
              "name": {
                "type": "string",
                "pattern": "^[a-zA-Z0-9_-]{1,64}$",
                "description": "1–64 letters, digits, `_` or `-`."
              },
              "description": {
                "type": "string",
                "maxLength": 2000,
                "default": ""
              },
              "strict": {
                "type": "boolean",
                "default": false
              },
              "parameters": {
                "$ref": "#/components/schemas/FunctionParameters"
              }
            }
          }
        }
      },
      "SvcTool": {
        "type": "object",
        "required": [
          "type",
          "svc_tool"
        ],
        "additionalProperties": false,
        "properties": {
          "type": {
            "const": "svc_tool"
          },
          "svc_tool": {
            "type": "string",
            "enum": [
              "web_search_tool"
            ],
            "description": "A built-in tool. `web_search_tool` is the only one this version defines."
          }
        }
      },
      "Tool": {
        "description": "A tool the agent may use, discriminated by `type`. Always a JSON object.",
        "type": "object",
        "oneOf": [
          {
            "$ref": "#/components/schemas/FunctionTool"
          },
          {
            "$ref": "#/components/schemas/SvcTool"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "function": "#/components/schemas/FunctionTool",
            "svc_tool": "#/components/schemas/SvcTool"
          }
        }
      },
      "Tools": {
        "type": "array",
        "maxItems": 64,
        "items": {
          "$ref": "#/components/schemas/Tool"
        }
      },
      "CreateAgentBody": {
        "type": "object",
        "required": [
          "name",
          "instruction"
        ],
        "additionalProperties": false,
        "properties": {
          "name": {
            "$ref": "#/components/schemas/AgentName"
          },
          "description": {
            "$ref": "#/components/schemas/AgentDescription",
            "default": ""
          },
          "instruction": {
            "$ref": "#/components/schemas/AgentInstruction"
          },
          "intents": {
            "$ref": "#/components/schemas/Intents",
            "default": []
          },
          "knowledgeBaseId": {
            "type": "integer",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "The knowledge base the agent draws on. Stored as `null` when absent."
          },
          "tools": {
            "description": "At most 64 tools, default `[]`. Also accepted as a JSON-encoded string of the same array\n(the product text calls the field a JSON string); an unparsable or invalid string is `400`.\n",
            "default": [],
            "oneOf": [
              {
                "$ref": "#/components/schemas/Tools"
              },
              {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {
                  "$ref": "#/components/schemas/Tools"
                },
                "maxLength": 1000000
              }
            ]
          }
        }
      },
      "AgentStatus": {
        "type": "string",
        "enum": [
          "ACTIVE"
        ],
        "description": "`ACTIVE` on a newly created agent; this version defines no other status."
      },
      "AgentSummary": {
        "type": "object",
        "description": "The first eight fields of an agent record, as returned on creation.",
        "required": [
          "id",
          "agentReferenceId",
          "name",
          "description",
          "instruction",
          "status",
          "createdAt",
          "updatedAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "agentReferenceId": {
            "type": "string",
            "format": "uuid",
            "description": "UUID-shaped identifier, usable wherever the numeric id is."
          },
          "name": {
            "$ref": "#/components/schemas/AgentName"
          },
          "description": {
            "$ref": "#/components/schemas/AgentDescription"
          },
          "instruction": {
            "$ref": "#/components/schemas/AgentInstruction"
          },
          "status": {
            "$ref": "#/components/schemas/AgentStatus"
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updatedAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "Agent": {
        "type": "object",
        "description": "The full agent record (all eleven fields), as returned by getAgent.",
        "required": [
          "id",
          "agentReferenceId",
          "name",
          "description",
          "instruction",
          "status",
          "createdAt",
          "updatedAt",
          "intents",
          "knowledgeBaseId",
          "tools"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "agentReferenceId": {
            "type": "string",
            "format": "uuid",
            "description": "UUID-shaped identifier, usable wherever the numeric id is."
          },
          "name": {
            "$ref": "#/components/schemas/AgentName"
          },
          "description": {
            "$ref": "#/components/schemas/AgentDescription"
          },
          "instruction": {
            "$ref": "#/components/schemas/AgentInstruction"
          },
          "status": {
            "$ref": "#/components/schemas/AgentStatus"
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updatedAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "intents": {
            "$ref": "#/components/schemas/Intents"
          },
          "knowledgeBaseId": {
            "type": [
              "integer",
              "null"
            ],
            "description": "The knowledge base id, `null` when the agent has none."
          },
          "tools": {
            "$ref": "#/components/schemas/Tools"
          }
        }
      },
      "TextContent": {
        "type": "object",
        "required": [
          "type",
          "text"
        ],
        "additionalProperties": false,
        "properties": {
          "type": {
            "const": "text"
          },
          "text": {
            "type": "string",
            "maxLength": 100000
          }
        }
      },
      "ImageContent": {
        "type": "object",
        "required": [
          "type",
          "image_url"
        ],
        "additionalProperties": false,
        "properties": {
          "type": {
            "const": "image_url"
          },
          "image_url": {
            "type": "object",
            "required": [
              "url"
            ],
            "additionalProperties": false,
            "properties": {
              "url": {
                "type": "string",
                "maxLength": 8000000,
                "pattern": "^(?:https?://\\S+|data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+)$",
                "description": "An `http(s)` URL, or a `data:` URL of a base64 PNG, JPEG, GIF or WebP image (the\nwhole request stays under the 10 MiB body limit).\n"
              }
            }
          }
        }
      },
      "ContentBlock": {
        "description": "A block of a message's content, discriminated by `type`. Always a JSON object.",
        "type": "object",
        "oneOf": [
          {
            "$ref": "#/components/schemas/TextContent"
          },
          {
            "$ref": "#/components/schemas/ImageContent"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "text": "#/components/schemas/TextContent",
            "image_url": "#/components/schemas/ImageContent"
          }
        }
      },
      "AgentChatMessage": {
        "type": "object",
        "description": "The user's message of a chat request.",
        "required": [
          "role",
          "content"
        ],
        "additionalProperties": false,
        "properties": {
          "role": {
            "type": "string",
            "enum": [
              "user"
            ]
          },
          "content": {
            "type": "array",
            "minItems": 1,
            "maxItems": 64,
            "items": {
              "$ref": "#/components/schemas/ContentBlock"
            }
          }
        }
      },
      "HistoryMessage": {
        "type": "object",
        "description": "An earlier message of the conversation.",
        "required": [
          "role",
          "content"
        ],
        "additionalProperties": false,
        "properties": {
          "role": {
            "type": "string",
            "enum": [
              "user",
              "system",
              "assistant",
              "tool",
              "function"
            ]
          },
          "content": {
            "type": "array",
            "maxItems": 64,
            "items": {
              "$ref": "#/components/schemas/ContentBlock"
            }
          }
        }
      },
      "MemoryChat": {
        "type": "array",
        "maxItems": 200,
        "description": "Earlier messages of the conversation, oldest first, at most 200.",
        "items": {
          "$ref": "#/components/schemas/HistoryMessage"
        }
      },
      "ReasoningEffort": {
        "type": "string",
        "enum": [
          "minimal",
          "low",
          "medium",
          "high"
        ]
      },
      "Reasoning": {
        "type": "object",
        "required": [
          "effort"
        ],
        "additionalProperties": false,
        "properties": {
          "effort": {
            "$ref": "#/components/schemas/ReasoningEffort"
          }
        }
      },
      "ResponseFormat": {
        "type": "object",
        "description": "Asks for an answer that is a JSON text valid against `json_schema.schema`.",
        "required": [
          "type",
          "json_schema"
        ],
        "additionalProperties": false,
        "properties": {
          "type": {
            "type": "string",
            "enum": [
              "json_schema"
            ]
          },
          "json_schema": {
            "type": "object",
            "required": [
              "name",
              "schema"
            ],
            "additionalProperties": false,
            "properties": {
              "name": {
                "type": "string",
                "pattern": "^[a-zA-Z0-9_-]{1,64}$"
              },
              "strict": {
                "type": "boolean",
                "default": false
              },
              "schema": {
                "$ref": "#/components/schemas/ResponseSchema"
              }
            }
          }
        }
      },
      "ResponseSchema": {
        "description": "The JSON Schema (draft 2020-12 subset) the answer must be valid against. A schema that cannot\nbe satisfied, or that uses a keyword the model does not support, answers `400` naming the\nkeyword. Its JSON text is at most 65,536 bytes (`x-max-json-bytes`) and subschemas nest at\nmost 16 deep (`x-max-depth`); every subschema is a `ResponseSubschema`, whose keyword values\nare bounded. A string's `minLength` may be at most 4 × `max_tokens` and an array's `minItems`\nat most `max_tokens`, counted over nested arrays (an answer needs at least a token per item\nand holds at most about four characters a token); past that the request answers `400` naming\nthe keyword before anything is generated.\n",
        "x-max-json-bytes": 65536,
        "x-max-depth": 16,
        "allOf": [
          {
            "$ref": "#/components/schemas/ResponseSubschema"
          }
        ]
      },
      "ResponseSubschema": {
        "type": "object",
        "description": "One schema object of a response schema, with bounded keyword values. Keywords not listed here\npass the contract; the engine answers `400` for any it does not support.\n",
        "maxProperties": 64,
        "additionalProperties": true,
        "properties": {
          "enum": {
            "type": "array",
            "maxItems": 256
          },
          "pattern": {
            "type": "string",
            "maxLength": 256
          },
          "format": {
            "type": "string",
            "maxLength": 64
          },
          "minLength": {
            "type": "integer",
            "minimum": 0,
            "maximum": 131072
          },
          "minItems": {
            "type": "integer",
            "minimum": 0,
            "maximum": 32768
          },
          "minProperties": {
            "type": "integer",
            "minimum": 0,
            "maximum": 256
          },
          "required": {
            "type": "array",
            "maxItems": 256
          },
          "properties": {
            "type": "object",
            "maxProperties": 256,
            "additionalProperties": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          },
          "$defs": {
            "type": "object",
            "maxProperties": 256,
            "additionalProperties": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          },
          "definitions": {
            "type": "object",
            "maxProperties": 256,
            "additionalProperties": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          },
          "items": {
            "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
          },
          "additionalProperties": {
            "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
          },
          "allOf": {
            "type": "array",
            "maxItems": 32,
            "items": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          },
          "anyOf": {
            "type": "array",
            "maxItems": 32,
            "items": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          },
          "oneOf": {
            "type": "array",
            "maxItems": 32,
            "items": {
              "$ref": "#/components/schemas/ResponseSubschemaOrBoolean"
            }
          }
        }
      },
      "ResponseSubschemaOrBoolean": {
        "description": "A subschema, or `true`/`false`.",
        "oneOf": [
          {
            "type": "boolean"
          },
          {
            "$ref": "#/components/schemas/ResponseSubschema"
          }
        ]
      },
      "ChatStreamError": {
        "description": "The `data:` of the terminal `event: error` of a chat stream that failed after it started: the\nerror envelope the request would have answered. No `data: [DONE]` follows it. The `503`\nenvelope ends a stream its server stopped before it could finish (a restart): send the chat\nagain.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/InternalServerError"
          },
          {
            "$ref": "#/components/schemas/RateLimitError"
          },
          {
            "$ref": "#/components/schemas/ServiceUnavailableError"
          }
        ]
      },
      "ChatModel": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "default": "svc-v1-blaze-20250318",
        "x-known-models": [
          "svc-v1-blaze-20250318"
        ],
        "description": "The chat model: one of `x-known-models` (the default among them) on a server with its\noffline engine; a deployment with an upstream engine knows the names its configuration\nmaps to the upstream's models instead (the reference server's `CHAT_MODEL_MAP`). A model\nthe server does not know answers `400` naming `/model` and listing the known ones.\n"
      },
      "ChatRequestBody": {
        "type": "object",
        "required": [
          "name",
          "description",
          "instruction",
          "intents",
          "message"
        ],
        "additionalProperties": false,
        "properties": {
          "name": {
            "$ref": "#/components/schemas/AgentName"
          },
          "description": {
            "$ref": "#/components/schemas/AgentDescription"
          },
          "instruction": {
            "$ref": "#/components/schemas/AgentInstruction"
          },
          "intents": {
            "$ref": "#/components/schemas/Intents"
          },
          "model": {
            "$ref": "#/components/schemas/ChatModel"
          },
          "message": {
            "$ref": "#/components/schemas/AgentChatMessage"
          },
          "temperature": {
            "type": "number",
            "minimum": 0,
            "maximum": 2,
            "default": 0.1
          },
          "top_p": {
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": 1,
            "default": 0.95
          },
          "max_tokens": {
            "type": "integer",
            "minimum": 1,
            "maximum": 32768,
            "default": 4096,
            "description": "The most tokens the answer may have; an answer cut here ends with `finish_reason` `length`."
          },
          "frequency_penalty": {
            "type": "number",
            "minimum": -2,
            "maximum": 2,
            "default": 0.3
          },
          "presence_penalty": {
            "type": "number",
            "minimum": -2,
            "maximum": 2,
            "default": 0.3
          },
          "seed": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "default": 2024
          },
          "stream": {
            "type": "boolean",
            "default": false,
            "description": "With `true` the answer is sent as a `text/event-stream` of `ChatStreamChunk` events."
          },
          "agents": {
            "type": "array",
            "maxItems": 32,
            "uniqueItems": true,
            "description": "Ids of agents in the caller's account the main agent may hand off to. An unknown id\nanswers `404`, an agent of another account `403`.\n",
            "items": {
              "$ref": "#/components/schemas/PositiveId"
            }
          },
          "memoryChat": {
            "description": "Earlier messages of the conversation; also accepted as a JSON-encoded string of the array.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/MemoryChat"
              },
              {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {
                  "$ref": "#/components/schemas/MemoryChat"
                },
                "maxLength": 8000000
              }
            ]
          },
          "reasoning": {
            "description": "Reasoning settings; also accepted as a JSON-encoded string of the object. `effort` is one\nof `minimal`, `low`, `medium`, `high`.\n",
            "oneOf": [
              {
                "$ref": "#/components/schemas/Reasoning"
              },
              {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {
                  "$ref": "#/components/schemas/Reasoning"
                },
                "maxLength": 1000
              }
            ]
          },
          "response_format": {
            "$ref": "#/components/schemas/ResponseFormat"
          }
        }
      },
      "FinishReason": {
        "type": "string",
        "enum": [
          "stop",
          "length"
        ],
        "description": "`stop` when the answer ended by itself, `length` when it was cut by `max_tokens`."
      },
      "MatchedStop": {
        "type": "integer",
        "description": "The id of the stop token that ended the answer; `-1` when no stop token matched (as with\n`finish_reason` `length`). For the default model `svc-v1-blaze-20250318` the end-of-sequence\ntoken is `199999`.\n"
      },
      "ChatRequestItem": {
        "type": "object",
        "required": [
          "finish_reason",
          "message",
          "matched_stop"
        ],
        "additionalProperties": false,
        "properties": {
          "finish_reason": {
            "$ref": "#/components/schemas/FinishReason"
          },
          "message": {
            "type": "object",
            "required": [
              "role",
              "content"
            ],
            "additionalProperties": false,
            "properties": {
              "role": {
                "type": "string",
                "enum": [
                  "assistant"
                ]
              },
              "content": {
                "type": "string",
                "description": "The answer text."
              }
            }
          },
          "matched_stop": {
            "$ref": "#/components/schemas/MatchedStop"
          }
        }
      },
      "Created": {
        "type": [
          "integer",
          "string"
        ],
        "description": "Unix time in seconds when the answer was made; an integer from this server, typed to accept both."
      },
      "ChatResult": {
        "type": "object",
        "required": [
          "request",
          "created",
          "model",
          "object"
        ],
        "additionalProperties": false,
        "properties": {
          "request": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ChatRequestItem"
            }
          },
          "created": {
            "$ref": "#/components/schemas/Created"
          },
          "model": {
            "type": "string",
            "description": "The model that answered."
          },
          "object": {
            "type": "string",
            "enum": [
              "chat.request"
            ]
          }
        }
      },
      "ChatStreamDelta": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "role": {
            "type": "string",
            "enum": [
              "assistant"
            ]
          },
          "content": {
            "type": "string"
          }
        }
      },
      "ChatStreamChoice": {
        "type": "object",
        "required": [
          "index",
          "delta",
          "finish_reason",
          "matched_stop"
        ],
        "additionalProperties": false,
        "properties": {
          "index": {
            "type": "integer",
            "minimum": 0
          },
          "delta": {
            "$ref": "#/components/schemas/ChatStreamDelta"
          },
          "finish_reason": {
            "description": "`null` until the last chunk, which carries `stop` or `length`.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/FinishReason"
              },
              {
                "type": "null"
              }
            ]
          },
          "matched_stop": {
            "description": "`null` until the last chunk, which carries the matched stop token id or `-1`.",
            "type": [
              "integer",
              "null"
            ]
          }
        }
      },
      "ChatStreamChunk": {
        "type": "object",
        "description": "One `data:` event of a streamed chat answer. Concatenating every `delta.content` gives the same\ntext as the non-streamed answer. The stream ends with the event `data: [DONE]`.\n",
        "required": [
          "object",
          "created",
          "model",
          "request"
        ],
        "additionalProperties": false,
        "properties": {
          "object": {
            "type": "string",
            "enum": [
              "chat.request.chunk"
            ]
          },
          "created": {
            "$ref": "#/components/schemas/Created"
          },
          "model": {
            "type": "string"
          },
          "request": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ChatStreamChoice"
            }
          }
        }
      },
      "TranscriptContent": {
        "type": "object",
        "required": [
          "filename",
          "transcript"
        ],
        "additionalProperties": false,
        "properties": {
          "filename": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "description": "The file name (lowercase `filename` inside this object)."
          },
          "transcript": {
            "type": "string",
            "maxLength": 2000000,
            "description": "The transcript text, at most 2,000,000 characters."
          }
        }
      },
      "UpdateTranscriptionBody": {
        "type": "object",
        "required": [
          "transcript"
        ],
        "additionalProperties": false,
        "properties": {
          "transcript": {
            "$ref": "#/components/schemas/TranscriptContent"
          }
        }
      },
      "TranscriptionStatus": {
        "type": "string",
        "enum": [
          "PENDING",
          "PROCESSING",
          "COMPLETED",
          "FAILED"
        ],
        "description": "`COMPLETED` once transcribed. Editing a transcript does not change the status."
      },
      "Transcription": {
        "type": "object",
        "required": [
          "id",
          "fileName",
          "fileUrl",
          "fileType",
          "duration",
          "transcript",
          "status",
          "createdAt",
          "updatedAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "fileName": {
            "type": "string"
          },
          "fileUrl": {
            "type": "string",
            "description": "URL of the stored file."
          },
          "fileType": {
            "type": "string",
            "description": "Media type of the file, e.g. `audio/mpeg`."
          },
          "duration": {
            "type": "number",
            "minimum": 0,
            "description": "Length of the recording in seconds."
          },
          "transcript": {
            "$ref": "#/components/schemas/TranscriptContent"
          },
          "status": {
            "$ref": "#/components/schemas/TranscriptionStatus"
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updatedAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "EmbeddingsModel": {
        "type": "string",
        "enum": [
          "svc-embeddings-v1-20241001"
        ],
        "default": "svc-embeddings-v1-20241001"
      },
      "EmbeddingsBody": {
        "type": "object",
        "required": [
          "sentences"
        ],
        "additionalProperties": false,
        "properties": {
          "model": {
            "$ref": "#/components/schemas/EmbeddingsModel"
          },
          "sentences": {
            "type": "array",
            "minItems": 1,
            "maxItems": 256,
            "description": "1–256 non-empty texts of at most 8,192 characters each.",
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 8192
            }
          },
          "lang": {
            "type": "string",
            "default": "multi",
            "pattern": "^(?:multi|[a-z]{2})$",
            "description": "`multi` (any language, the default) or an ISO 639-1 code hinting the language."
          }
        }
      },
      "EmbeddingsResult": {
        "type": "object",
        "required": [
          "embeddings"
        ],
        "additionalProperties": false,
        "properties": {
          "embeddings": {
            "type": "array",
            "description": "One L2-normalised vector per sentence, in input order.",
            "items": {
              "type": "array",
              "items": {
                "type": "number"
              }
            }
          }
        }
      },
      "CreateAgentResponse": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": true
          },
          "message": {
            "const": "Agent created successfully"
          },
          "data": {
            "$ref": "#/components/schemas/AgentSummary"
          }
        }
      },
      "GetAgentResponse": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": true
          },
          "message": {
            "const": "Agents retrieved successfully"
          },
          "data": {
            "$ref": "#/components/schemas/Agent"
          }
        }
      },
      "ChatResponse": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": true
          },
          "message": {
            "const": "Chat request processed successfully"
          },
          "data": {
            "$ref": "#/components/schemas/ChatResult"
          }
        }
      },
      "UpdateTranscriptionResponse": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": true
          },
          "message": {
            "const": "Transcription updated successfully"
          },
          "data": {
            "$ref": "#/components/schemas/Transcription"
          }
        }
      },
      "EmbeddingsResponse": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "success": {
            "const": true
          },
          "message": {
            "const": "Embeddings created successfully"
          },
          "data": {
            "$ref": "#/components/schemas/EmbeddingsResult"
          }
        }
      }
    }
  }
};
