// Generated from openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.
import type { OpenApiDocument } from '../openapi-document-type.js';

export const adminDocument: OpenApiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Assistant Platform reference server, admin API",
    "version": "0.1.0",
    "summary": "See, reset, script and break the reference server from tests and tools.",
    "description": "The reference server's own API, beside the platform's (`openapi.yaml`). It is not part of the\nplatform's contract: the hosted service does not have it, and the SDK and the gateway do not\nexpose it. Tests and tools use it to ask what an app sent, to put the server back to a known\nstate, to make calls slow or failing, and to script what the model answers.\n\nIt uses the platform's envelopes: `{ success: true, message, data }`, and the platform's error\nenvelopes (`400` lists each bad field in `errors`), its rules for JSON bodies (`x-json-text`)\nand its answers to unmatched requests (`404`, or `405` with `Allow`: `x-unmatched-requests`).\nAdmin requests are not rate limited per token and are not recorded in the journal; failed\nauthentications are limited per address as the platform's are (its contract's \"Rate\nlimiting\"): past the limit an invalid token answers `429` (`AuthFailuresLimited`, declared by\nevery operation), a valid one is still served.\n\n## Two kinds of administration\nSeveral accounts may share one server (a team's staging server), so there are two scopes:\n- `admin` administers the token's own account, and nothing else: its journal entries and live\n  stream, its data in state export, import and reset (a reset restores the account's start-up\n  data), fault rules and chat fixtures that apply only to requests made with its account's\n  tokens, its own tokens. Another account's records never appear in its answers, and the ids\n  of another account's rules, fixtures and tokens answer `404` as unknown ones do. `*` includes\n  `admin`: it is every platform scope plus the account's administration.\n- `operator` administers the whole server: every account's journal entries (and the requests\n  no token authenticated), all data, rules and fixtures that apply to every account's\n  requests, every account's tokens, the violations summary. `*` never includes it; a token gets\n  it only by name (the CLI's `token create --operator`, a seed, `POST /tokens` by an operator).\n  It includes `admin` for every account: an operator may call every operation here.\nEach operation's `security` names the scope it needs (`admin` or `operator`), and its\ndescription says what each kind of caller sees. `GET /caller` answers which view a token has.\nA server for one developer (`pnpm start`, `startReferenceServer()`) gives its dev token both\n`*` and `operator`, so there everything is as if there were one kind.\n\n## No import locks you out\n`PUT /state` and `POST /reset` refuse, with `400` naming `tokens` and the rule, to leave the\ncaller without the rights it used: the data afterwards must hold the calling token (by its\nhash), not revoked, with the scope the call needed (`admin` or `*` of the caller's account for\nan account's admin, `operator` for an operator). Nothing is changed then. An operator locked\nout all the same (a token revoked by mistake) recovers with the CLI on the database:\n`assistant-server token create --account 1 --operator`.\n\n## Faults on platform requests\nA platform request can ask for a fault itself with the `Prefer` header (RFC 7240: preferences\nseparated by commas, each `name` or `name=value`); a rule added with `POST /faults` applies the\nsame faults to matching requests without any change to the client. Preferences other than those\nbelow are ignored, as RFC 7240 asks; a value these do not accept answers `400` naming\n`header.prefer`, before anything else is done.\n- `code=N`: answer status `N` with its envelope, after authentication. `N` is one of the error\n  statuses the platform declares (`400`, `401`, `403`, `404`, `429`, `500`, `502`, `503`,\n  `504`) or `408`, whose envelope this document declares (`FaultErrorEnvelope`). `429` and `503`\n  carry `Retry-After: 1`.\n- `delay=MS`: wait `MS` milliseconds (at most 30000) before answering.\n- `reset`: close the connection without an answer.\n- `drop-answer`: do the operation, then close the connection without sending its answer: the work\n  is done (an agent created) but the client never hears of it, as when a network drops an\n  answer. An answer stored for an `Idempotency-Key` is stored before it is dropped, so a retry\n  with the same key gets it. The only fault that lets the operation run and write.\n- For a streamed chat: `ttft=MS`, the time before the first event (at most 30000); `tps=N`, the\n  events sent per second (0.1 to 10000); `disconnect-after=N`, close the connection after `N`\n  events with no terminal event (a cut stream). They are ignored on other requests.\nWhen a request's own preferences and a rule both set a fault, the request's win.\n\n`delay`, `ttft`, `tps` and `disconnect-after` hold a connection open (the `Fault` fields marked\n`x-in-flight-limited`), so they are in-flight work: a request given one, by its own `Prefer`\nheader or by a rule, takes one of its token's in-flight slots (the platform contract's\n\"Rate limiting\": 4 at once on the reference server, `MAX_HEAVY_REQUESTS_PER_TOKEN`, shared with\nthe token's chat and embeddings) from the moment its fault is known until its answer ends or\nits client goes away, whatever its operation. One more answers `429` with `Retry-After: 1`,\nbefore any delay, and nothing runs. Rules count too: a rule slows a token's requests as a busy\nserver would, and a busy server also refuses the ones past its limit; this keeps one account's\nfaults from holding the server's connections from the others.\n\n## Scripted chat answers\nA chat fixture (`POST /chat-fixtures`, or the file named by `CHAT_FIXTURES`) answers chat\nrequests that match it instead of the configured engine: the first matching fixture wins. A\nstreamed answer is cut into the same chunks the engine's would be.\n\n## Proxy mode\nStarted with a target (`assistant-server proxy --target URL`, or `PROXY_TARGET`), the server\nforwards every platform request under `/v1` to the target unchanged (the caller's token\nincluded) and checks the request and the answer against the platform's contract. What breaks\nit is a `Violation`, kept on the request's journal entry (`violations`) and summed up by\n`GET /violations`. Faults apply in proxy mode too: a `code` or `reset` fault is answered by the\nserver itself without forwarding (and is not checked), a delay comes before forwarding, a\nstream's timing applies to the forwarded events; the fault preferences the server applied are\nremoved from the `Prefer` header it forwards. A target that cannot be reached answers `502`\n(`BadGatewayError`), one that sends no answer within the proxy's timeout `504`\n(`GatewayTimeoutError`).\n\n## Several instances\nInstances of one deployment (several servers behind a load balancer) share their state through\nRedis (`REDIS_URL`): the journal (one journal of every instance's requests, numbered across them,\nbounded per account as one instance's is), the fault rules and chat fixtures (one list; `times` counts uses\nacross all instances; a rule or fixture added through one instance applies to the next\nauthenticated request any of them answers, and so does an edit), the violations summary, and a reset, which resets\nthem for every instance. `probability` is drawn per instance, from a generator each seeds with\n`FAULT_SEED`, so a run repeats per instance. A live stream (`GET /requests/stream`) of any\ninstance carries every instance's entries. Every entry, rule and fixture carries its account,\nso each instance answers an account's admin with that account's alone.\n\nWhile an instance cannot reach its Redis, the operations on shared state answer `503`\n(`ServiceUnavailableError`) with `Retry-After: 1`, whatever `REDIS_FAILURE` says (a change only\none instance saw would split the deployment), and the requests it answers are not journaled.\nIts platform requests are then answered with its own limits, rules and fixtures\n(`REDIS_FAILURE=open`), or answer `503` with the same envelope and `Retry-After: 1`, as a\n`code=503` fault does (`REDIS_FAILURE=closed`).\n\n## Replay\nStarted with `--replay DIR` (or `REPLAY_DIR`), the server answers platform requests from the\ncassettes in `DIR` (`Cassette`, one file per recorded exchange) after authenticating the caller\nwith its own tokens. A cassette answers a request with its method and path, its body compared as\ncanonical JSON (whatever its spacing, key order, escapes or number spelling), and its\nauthentication outcome: a cassette whose answer is `401` (the target refused the recorded token)\nanswers only a request whose token was refused, so an authenticated request never gets a\nrecorded `401` (and, as the replaying server answers an unknown token `401` itself, an\nunauthenticated one never gets a recorded success). A request without a matching cassette goes\nto the engines, or, with `--replay-miss error`, answers `501` with a `ReplayMissError` naming the\nnearest cassette.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    },
    "contact": {
      "name": "Assistant Platform team"
    }
  },
  "x-unmatched-requests": {
    "description": "As in the platform's contract: a path no operation has answers `NotFound`; a path an operation\nhas, with a method none takes, `MethodNotAllowed` with `Allow`.\n",
    "path": {
      "$ref": "#/components/responses/NotFound"
    },
    "method": {
      "$ref": "#/components/responses/MethodNotAllowed"
    }
  },
  "servers": [
    {
      "url": "/_admin",
      "description": "Under the origin of the reference server that serves this document, beside its API under /v1"
    }
  ],
  "security": [
    {
      "bearerAuth": [
        "admin"
      ]
    }
  ],
  "tags": [
    {
      "name": "Journal",
      "description": "Every platform request the server answered, newest first, kept in memory (or in the Redis its instances share)."
    },
    {
      "name": "State",
      "description": "The server's data, reset to the start-up seed, exported and imported."
    },
    {
      "name": "Faults",
      "description": "Rules that make matching platform requests slow or failing. A server started with\n`FEATURES_OFF=faults` applies no fault (neither rules nor `Prefer`) and answers these routes\n`501`.\n"
    },
    {
      "name": "Chat fixtures",
      "description": "Scripted chat answers."
    },
    {
      "name": "Tokens",
      "description": "Bearer tokens created and revoked without the CLI."
    },
    {
      "name": "Violations",
      "description": "Where the proxied service and the platform's contract disagree (proxy mode)."
    },
    {
      "name": "Metrics",
      "description": "The server's figures for Prometheus. A server started with `FEATURES_OFF=metrics` answers\n`501`.\n"
    }
  ],
  "paths": {
    "/requests": {
      "get": {
        "operationId": "listRequests",
        "summary": "List recorded requests",
        "description": "The journal, newest first. Each account keeps its own last `JOURNAL_MAX` entries (1000 by\ndefault; the requests no token authenticated count as one more account), so one account's\nrequests never drop another's entries; all accounts together keep at most\n`JOURNAL_TOTAL_MAX` (4000 by default), and past that a new entry drops the oldest entry of\nthe account holding the most. Each account keeps at least `JOURNAL_TOTAL_MAX` divided by\nthe accounts recording, up to `JOURNAL_MAX`, whatever the others send. Filters combine\nwith \"and\". An account's admin gets the entries of\nrequests its account's tokens made; an operator gets every entry, those of requests no\ntoken authenticated (a `401`, or any request in proxy mode) included.\n",
        "tags": [
          "Journal"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "method",
            "in": "query",
            "description": "Only requests with this HTTP method.",
            "schema": {
              "$ref": "#/components/schemas/HttpMethod"
            }
          },
          {
            "name": "path",
            "in": "query",
            "description": "Only requests to this path; a trailing `*` matches every path that starts with what precedes it.",
            "schema": {
              "$ref": "#/components/schemas/PathPattern"
            }
          },
          {
            "name": "status",
            "in": "query",
            "description": "Only requests answered with this status.",
            "schema": {
              "$ref": "#/components/schemas/HttpStatus"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "description": "At most this many entries.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000,
              "default": 100
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The matching entries, newest first.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ListRequestsResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "clearRequests",
        "summary": "Empty the journal",
        "description": "An account's admin removes its account's entries (`removed` counts them; the ids of later\nentries go on); an operator empties the whole journal, whose ids then start from 1 again.\n",
        "tags": [
          "Journal"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The journal is empty.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClearedResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/requests/find": {
      "post": {
        "operationId": "findRequests",
        "summary": "Find recorded requests",
        "description": "The entries matching every field of the matcher, newest first, and how many there are: an\naccount's admin's among its account's entries, an operator's among all (as `GET /requests`).\n",
        "tags": [
          "Journal"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RequestMatcher"
              },
              "examples": {
                "failedChats": {
                  "value": {
                    "method": "POST",
                    "path": "/v1/agents/chat/request",
                    "status": 503
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The count and the matching entries, newest first.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FindRequestsResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/requests/stream": {
      "get": {
        "operationId": "streamRequests",
        "summary": "Follow the journal live",
        "description": "A `text/event-stream` of the journal's new entries, as they are recorded: each one an event\n`event: request` whose `data:` is the `JournalEntry` JSON on one line. Nothing already in the\njournal is sent (read it with `GET /requests`). A comment line (`: heartbeat`) every 15 seconds\nkeeps proxies from closing an idle stream. The stream ends when the client leaves or the\nserver closes; a client too slow to read (more than 1 MiB waiting) is cut off.\n\nAn account's admin's stream carries its account's entries only; an operator's carries\nevery entry. At most `x-max-streams` streams (16) are open at once per account (an\noperator's counted together, apart from the accounts'), so one account cannot take them\nall: one more answers `503` with `Retry-After: 1` until another of the same ends.\n`EventSource` cannot send an `Authorization` header, so a browser reads this with\n`fetch()` and a streaming reader.\n",
        "tags": [
          "Journal"
        ],
        "x-max-streams": 16,
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The stream of new entries.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "text/event-stream": {
                "schema": {
                  "description": "The JSON of each `event: request`'s `data:`.",
                  "$ref": "#/components/schemas/JournalEntry"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/TooManyStreams"
          }
        }
      }
    },
    "/violations": {
      "get": {
        "operationId": "summarizeViolations",
        "summary": "Sum up contract violations",
        "description": "The contract violations found since start-up, the last reset or the last\n`DELETE /violations`, grouped by operation and rule: how many, when first and last, and the\nfirst one as an example. The journal's entries keep each request's own (`violations`), as\nlong as the journal keeps the entry. Always empty unless the server runs in proxy mode.\nOperators only: a proxy forwards the caller's token to its target without knowing its\naccount, so violations belong to no account.\n",
        "tags": [
          "Violations"
        ],
        "security": [
          {
            "bearerAuth": [
              "operator"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The groups, by operation and then rule.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ViolationSummaryResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "clearViolations",
        "summary": "Forget the violations counted so far",
        "description": "Empties the summary (`removed` is how many violations it counted); journal entries keep\ntheirs. Operators only, as `GET /violations`.\n",
        "tags": [
          "Violations"
        ],
        "security": [
          {
            "bearerAuth": [
              "operator"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The summary is empty.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClearedResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/reset": {
      "post": {
        "operationId": "reset",
        "summary": "Put the server back to its start-up state",
        "description": "An operator's reset replaces all data with what the server had once started (its seed,\nits dev token), and empties the journal, the fault rules, the chat fixtures added since\n(the fixtures of `CHAT_FIXTURES` are loaded again), the stored answers of\n`Idempotency-Key`s (there are none at start-up) and the violations summary; a replaying\nserver starts its cassettes' turns again, and ids of rules and fixtures start from 1.\n\nAn account's admin's reset does so for its account alone: the account's data goes back to\nwhat it was at start-up (its tokens, workspaces, transcriptions and agents; an account the\nserver did not have then keeps none), and its journal entries, its fault rules, its chat\nfixtures and its stored `Idempotency-Key` answers are removed; its chances (`probability`)\nare drawn from the start of their sequence again. Other accounts, and the rules and\nfixtures of operators, are untouched.\n\nA reset that would leave the caller without its token or the scope it used (a token made\nsince start-up) answers `400` naming `tokens` (\"No import locks you out\"), and changes\nnothing. Instances sharing a Redis (see \"Several instances\") are all reset: their data,\njournal, rules, fixtures and summary are one.\n",
        "tags": [
          "State"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The data now held.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StateSummaryResponse"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/LockOut"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/state": {
      "get": {
        "operationId": "exportState",
        "summary": "Export data",
        "description": "Data as a seed document: tokens as `tokenHash` (a token is never stored), every id and\ntimestamp explicit. Imported into a fresh server (`PUT /state`, `state import`, or as its\nseed), it gives the same answers. An operator gets all data; an account's admin its\naccount's: the account, its tokens, workspaces (and their transcriptions) and agents.\n",
        "tags": [
          "State"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The state.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExportStateResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "put": {
        "operationId": "importState",
        "summary": "Replace data",
        "description": "Validates the document, then replaces data with it in one transaction: an invalid\ndocument (a `400` naming each bad field) or one the database refuses (an unknown account, a\nduplicate id) leaves the data as it was. The journal, fault rules and fixtures are kept; the\nstored answers of `Idempotency-Key`s are forgotten with the data they described (they are\nnot part of a `State` document).\n\nAn operator replaces all data. An account's admin replaces its account's data (what\n`GET /state` gives it): every entry must be its account's (`accounts` lists at most its\nown, each `accountId` given is its own, each transcription's workspace is one of the\ndocument's) and no token may hold `operator`, else `400` naming the entry; an agent\nwithout `accountId` is its account's; an id another account's record has answers `400`\nnaming the entry. Other accounts' data and stored answers are untouched, and so are the\noperators' tokens that live in its account (it does not see them).\n\nA document that would leave the caller without its token or the scope it used answers\n`400` naming `tokens` (\"No import locks you out\").\n",
        "tags": [
          "State"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/State"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The data now held.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StateSummaryResponse"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/LockOut"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/faults": {
      "get": {
        "operationId": "listFaults",
        "summary": "List fault rules",
        "description": "An account's admin's rules (its account's), or, for an operator, every rule.",
        "tags": [
          "Faults"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The rules, oldest first (the order they are tried in).",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ListFaultsResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "post": {
        "operationId": "addFault",
        "summary": "Add a fault rule",
        "description": "From now on, platform requests matching `match` get `fault`, `times` times at most (every\ntime when absent), each with the given `probability`. The first matching rule applies.\n\nA rule an account's admin adds applies only to requests made with its account's tokens\n(`accountId`); one an operator adds applies to every request (`accountId` null), a\nproxied one included. At most 100 rules are kept per account, and 100 of operators\n(`x-max-per-account`); one more answers `400` until one is removed.\nChances are drawn from a generator per account whose request it is, seeded by\n`FAULT_SEED`, so an account's run repeats whatever other accounts' requests do.\n",
        "tags": [
          "Faults"
        ],
        "x-max-per-account": 100,
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/FaultRuleInput"
              },
              "examples": {
                "unavailableChats": {
                  "value": {
                    "match": {
                      "method": "POST",
                      "path": "/v1/agents/chat/request"
                    },
                    "fault": {
                      "code": 503
                    },
                    "times": 2
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The rule, with its id.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FaultRuleResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "clearFaults",
        "summary": "Remove every fault rule",
        "description": "An account's admin removes its account's rules; an operator removes every rule.",
        "tags": [
          "Faults"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "No rule is left.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClearedResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/faults/{id}": {
      "delete": {
        "operationId": "removeFault",
        "summary": "Remove one fault rule",
        "description": "Another account's rule, or an operator's, answers an account's admin `404`.",
        "tags": [
          "Faults"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The rule's id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The removed rule.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FaultRuleResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateFault",
        "summary": "Edit, disable or enable a fault rule",
        "description": "Changes the fields given and keeps the rest: `match` and `fault` are replaced whole,\n`times: null` applies the rule to every matching request, `enabled: false` keeps the rule\nwithout applying it (`true` applies it again). The rule keeps its id, its place in the\norder rules are tried, its account and its `fired` count: a rule edited to a `times` at or\nbelow what it has fired is used up. Another account's rule, or an operator's, answers an\naccount's admin `404`; an operator edits any (its account stays the rule's). With REDIS_URL\nthe change applies on every instance from its next authenticated request, as an added rule\ndoes.\n",
        "tags": [
          "Faults"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The rule's id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/FaultRulePatch"
              },
              "examples": {
                "disable": {
                  "value": {
                    "enabled": false
                  }
                },
                "slower": {
                  "value": {
                    "fault": {
                      "delayMs": 2000
                    },
                    "times": null
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The rule as it now is.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FaultRuleResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/chat-fixtures": {
      "get": {
        "operationId": "listChatFixtures",
        "summary": "List chat fixtures",
        "description": "An account's admin's fixtures (its account's), or, for an operator, every fixture (the\nstart-up ones of `CHAT_FIXTURES` are operators', `accountId` null).\n",
        "tags": [
          "Chat fixtures"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The fixtures, in the order they are tried.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ListChatFixturesResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "post": {
        "operationId": "addChatFixture",
        "summary": "Add a chat fixture",
        "description": "Chat requests matching `match` (every field given) are answered with `answer`, `times` times\nat most (every time when absent); a chat request's message is the text of its `message`'s\ntext blocks. A fixture an account's admin adds answers only chats made with its account's\ntokens; one an operator adds answers every account's. At most 1000 fixtures are kept per\naccount, and 1000 of operators (`x-max-per-account`; one more answers `400` until one is\nremoved); of the fixtures that match a chat, the oldest answers.\n",
        "tags": [
          "Chat fixtures"
        ],
        "x-max-per-account": 1000,
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ChatFixtureInput"
              },
              "examples": {
                "parcel": {
                  "value": {
                    "match": {
                      "messageContains": "parcel"
                    },
                    "answer": {
                      "content": "Your parcel left the warehouse this morning."
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The fixture, with its id.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ChatFixtureResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "clearChatFixtures",
        "summary": "Remove every chat fixture",
        "description": "An account's admin removes its account's fixtures; an operator removes every fixture.",
        "tags": [
          "Chat fixtures"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "No fixture is left.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClearedResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/chat-fixtures/{id}": {
      "delete": {
        "operationId": "removeChatFixture",
        "summary": "Remove one chat fixture",
        "description": "Another account's fixture, or an operator's, answers an account's admin `404`.",
        "tags": [
          "Chat fixtures"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The fixture's id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The removed fixture.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ChatFixtureResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateChatFixture",
        "summary": "Edit, disable or enable a chat fixture",
        "description": "Changes the fields given and keeps the rest: `match` and `answer` are replaced whole,\n`times: null` answers every matching chat, `enabled: false` keeps the fixture without\nanswering with it (`true` answers again). The fixture keeps its id, its place in the order\nfixtures are tried, its account and its `used` count: a fixture edited to a `times` at or\nbelow what it has answered is used up. Another account's fixture, or an operator's, answers\nan account's admin `404`; an operator edits any (its account stays the fixture's). With\nREDIS_URL the change applies on every instance from its next authenticated request.\n",
        "tags": [
          "Chat fixtures"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The fixture's id.",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ChatFixturePatch"
              },
              "examples": {
                "disable": {
                  "value": {
                    "enabled": false
                  }
                },
                "reworded": {
                  "value": {
                    "answer": {
                      "content": "Your parcel arrives tomorrow."
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The fixture as it now is.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ChatFixtureResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/tokens": {
      "post": {
        "operationId": "createToken",
        "summary": "Create a token",
        "description": "Creates a bearer token for an account and answers it once: only its SHA-256 is stored, so it\ncannot be read again (`GET /state` lists tokens by hash). The same as the CLI's\n`token create`. An unknown account answers `404`.\n\nAn account's admin creates tokens of its own account only (another `accountId` answers\n`404`, as an unknown one) with any scope but `operator` (`403`); an operator creates any.\n",
        "tags": [
          "Tokens"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TokenInput"
              },
              "examples": {
                "reader": {
                  "value": {
                    "accountId": 1,
                    "name": "dashboard",
                    "scopes": [
                      "agents:read"
                    ]
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The token, shown this once, and its record.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TokenCreatedResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/tokens/{id}": {
      "delete": {
        "operationId": "revokeToken",
        "summary": "Revoke a token",
        "description": "Revokes an active token: it answers `401` from the next request on. The record is kept (with\n`revokedAt`); the same as the CLI's `token revoke`. An unknown or already revoked id answers\n`404`, and so does another account's token to an account's admin. An operator revokes any.\n",
        "tags": [
          "Tokens"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The token's id (`GET /state` lists them).",
            "schema": {
              "$ref": "#/components/schemas/PositiveId"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The revoked token's record.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TokenRevokedResponse"
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
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/SharedStateUnavailable"
          }
        }
      }
    },
    "/caller": {
      "get": {
        "operationId": "describeCaller",
        "summary": "Who is calling, and which view it has",
        "description": "The calling token's account, name and scopes, and its view of the admin API: `operator`\n(the whole server) for a token with scope `operator`, else `account` (its account's\nadministration). The console shows it.\n",
        "tags": [
          "Tokens"
        ],
        "security": [
          {
            "bearerAuth": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The caller.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CallerResponse"
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "scrapeMetrics",
        "summary": "The server's metrics, for Prometheus",
        "description": "This instance's figures in the Prometheus text exposition format (version 0.0.4), for a\nPrometheus server to scrape with the operator's token (`authorization: { credentials: … }`\nin its scrape configuration). Operators only: the figures cover every account. Counters\ncount since start-up: platform requests by `operation` and `status`, their latency\n(histogram), refusals by `reason` (`unauthenticated`, `forbidden`, `rate_limit`,\n`auth_failure_limit`, `busy`), open chat streams and the time to their first event, the\nengine pool's running and waiting tasks and its budget overruns, the journal's entries, and\nwhether the database and Redis answer (`1` or `0`, asked when scraped). Names start with\n`assistant_server_`; Node's process figures (`process_`, `nodejs_`) come with them.\n",
        "tags": [
          "Metrics"
        ],
        "security": [
          {
            "bearerAuth": [
              "operator"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The metrics.",
            "headers": {
              "x-request-id": {
                "$ref": "#/components/headers/RequestId"
              }
            },
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string",
                  "description": "Prometheus text exposition format 0.0.4."
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
          "429": {
            "$ref": "#/components/responses/AuthFailuresLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "501": {
            "$ref": "#/components/responses/FeatureOff"
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
        "description": "`Authorization: Bearer <token>`, as on the platform API; the token needs the scope the\noperation names: `admin` (which `*` and `operator` include) or `operator` (which nothing\nelse includes). See \"Two kinds of administration\".\n",
        "x-scopes": {
          "admin": "Administer the token's own account: its journal entries, data, tokens, and the fault\nrules and chat fixtures that apply to its requests. `*` includes it.\n",
          "operator": "Administer the whole server: every account, rules and fixtures for every request, all\ndata, the violations summary. Includes `admin` for every account; `*` never includes it.\n"
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is invalid; `errors` names each bad field.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BadRequestError"
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
            }
          }
        }
      },
      "Forbidden": {
        "description": "The token lacks the scope the operation names (`admin`, or `operator`), or, creating a\ntoken, asks for `operator` without having it.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ForbiddenError"
            }
          }
        }
      },
      "FeatureOff": {
        "description": "The server runs with this feature turned off (`FEATURES_OFF`): its operator chose a lean\nserver without it. A 5xx, because it is the server's setup and not the client's request;\n`501`, as a replay miss, because it is no status the platform or a fault answers.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/FeatureOffError"
            }
          }
        }
      },
      "NotFound": {
        "description": "No rule, fixture, account or active token has this id (among its account's, for an\naccount's admin), or no operation has the path.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/NotFoundError"
            }
          }
        }
      },
      "LockOut": {
        "description": "The document is invalid (`errors` names each bad field), or the call would leave the caller\nwithout the rights it used: `errors` then names `tokens` with the rule (\"No import locks\nyou out\"). Nothing was changed.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BadRequestError"
            }
          }
        }
      },
      "InternalError": {
        "description": "The server failed; the details are in its log.",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/InternalServerError"
            }
          }
        }
      },
      "AuthFailuresLimited": {
        "description": "Too many failed authentications came from this client address (the platform contract's\n\"Rate limiting\"): this request's token is not valid, and until `Retry-After` seconds have\npassed such a token is answered `429` instead of `401`. A valid token is served as usual.\n",
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
              }
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path is one an operation of this API has, but no operation takes this method there;\n`Allow` lists the methods that are taken (a `GET` path also takes `HEAD`).\n",
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
            }
          }
        }
      },
      "SharedStateUnavailable": {
        "description": "The server cannot reach where it keeps this state now: the Redis its instances share\n(`REDIS_URL`), or its database (unreachable, full or failing, which also fails the token's\nlookup). Try again after `Retry-After` seconds. Nothing was changed.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "Retry-After": {
            "description": "Seconds to wait before trying again.",
            "schema": {
              "type": "integer",
              "minimum": 1
            }
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ServiceUnavailableError"
            }
          }
        }
      },
      "TooManyStreams": {
        "description": "As many journal streams as the server allows are open, or the server cannot reach its\ndatabase or the Redis its instances share now; try again later.\n",
        "headers": {
          "x-request-id": {
            "$ref": "#/components/headers/RequestId"
          },
          "Retry-After": {
            "description": "Seconds to wait before trying again.",
            "schema": {
              "type": "integer",
              "minimum": 1
            }
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ServiceUnavailableError"
            }
          }
        }
      }
    },
    "schemas": {
      "HttpMethod": {
        "type": "string",
        "enum": [
          "GET",
          "POST",
          "PUT",
          "PATCH",
          "DELETE",
          "HEAD",
          "OPTIONS"
        ]
      },
      "HttpStatus": {
        "type": "integer",
        "minimum": 100,
        "maximum": 599
      },
      "PathPattern": {
        "type": "string",
        "minLength": 1,
        "maxLength": 2048,
        "pattern": "^/",
        "description": "A request path (`/v1/agents/view/1`); a trailing `*` matches every path that starts with what precedes it."
      },
      "TokenName": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200
      },
      "FaultStatus": {
        "type": "integer",
        "enum": [
          400,
          401,
          403,
          404,
          408,
          429,
          500,
          502,
          503,
          504
        ],
        "description": "A status a fault may answer, with its envelope (`FaultErrorEnvelope`)."
      },
      "RequestTimeoutError": {
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
            "const": "Request timed out"
          }
        }
      },
      "FaultErrorEnvelope": {
        "description": "The answer of a `code` fault: the platform's envelope of the status (this document declares\nthe one of `408`).\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/BadRequestError"
          },
          {
            "$ref": "#/components/schemas/UnauthorizedError"
          },
          {
            "$ref": "#/components/schemas/ForbiddenError"
          },
          {
            "$ref": "#/components/schemas/NotFoundError"
          },
          {
            "$ref": "#/components/schemas/RateLimitError"
          },
          {
            "$ref": "#/components/schemas/InternalServerError"
          },
          {
            "$ref": "#/components/schemas/RequestTimeoutError"
          },
          {
            "$ref": "#/components/schemas/BadGatewayError"
          },
          {
            "$ref": "#/components/schemas/ServiceUnavailableError"
          },
          {
            "$ref": "#/components/schemas/GatewayTimeoutError"
          }
        ]
      },
      "Fault": {
        "type": "object",
        "description": "What a fault does; at least one field. `code` and `reset` end the request before it does\nanything, `dropAnswer` after it has done its work; the others slow it down. Those marked\n`x-in-flight-limited` hold the request's connection, so a request given one (by its\n`Prefer` header or by a rule) counts against its token's in-flight limit while it is\nanswered (see \"Faults on platform requests\").\n",
        "minProperties": 1,
        "additionalProperties": false,
        "properties": {
          "code": {
            "$ref": "#/components/schemas/FaultStatus"
          },
          "delayMs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 30000,
            "x-in-flight-limited": true,
            "description": "Milliseconds to wait before answering."
          },
          "ttftMs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 30000,
            "x-in-flight-limited": true,
            "description": "A streamed chat's time to its first event, in milliseconds."
          },
          "tps": {
            "type": "number",
            "minimum": 0.1,
            "maximum": 10000,
            "x-in-flight-limited": true,
            "description": "A streamed chat's events per second."
          },
          "disconnectAfter": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100000,
            "x-in-flight-limited": true,
            "description": "Close a streamed chat's connection after this many events, with no terminal event."
          },
          "reset": {
            "const": true,
            "description": "Close the connection without an answer."
          },
          "dropAnswer": {
            "const": true,
            "description": "Do the operation, then close the connection without sending its answer (a lost answer\nof a request that did its work). With `code` or `reset`, those win: nothing runs.\n"
          }
        }
      },
      "FaultMatch": {
        "type": "object",
        "description": "Which platform requests a rule applies to; every field given must match (none matches every request).",
        "additionalProperties": false,
        "properties": {
          "method": {
            "$ref": "#/components/schemas/HttpMethod"
          },
          "path": {
            "$ref": "#/components/schemas/PathPattern"
          },
          "tokenName": {
            "$ref": "#/components/schemas/TokenName"
          }
        }
      },
      "FaultRuleInput": {
        "type": "object",
        "required": [
          "match",
          "fault"
        ],
        "additionalProperties": false,
        "properties": {
          "match": {
            "$ref": "#/components/schemas/FaultMatch"
          },
          "fault": {
            "$ref": "#/components/schemas/Fault"
          },
          "times": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000000,
            "description": "How many requests the rule applies to at most; every matching one when absent."
          },
          "probability": {
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": 1,
            "default": 1,
            "description": "The chance that a matching request gets the fault."
          },
          "enabled": {
            "type": "boolean",
            "default": true,
            "description": "`false` adds the rule disabled: kept and listed, applied to no request until enabled."
          }
        }
      },
      "FaultRulePatch": {
        "type": "object",
        "description": "The fields of a rule to change (`PATCH /faults/{id}`), at least one; those absent are kept.\n",
        "minProperties": 1,
        "additionalProperties": false,
        "properties": {
          "match": {
            "$ref": "#/components/schemas/FaultMatch"
          },
          "fault": {
            "$ref": "#/components/schemas/Fault"
          },
          "times": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000000,
            "description": "How many requests the rule applies to at most, its `fired` count included; `null` for every one."
          },
          "probability": {
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": 1,
            "description": "The chance that a matching request gets the fault."
          },
          "enabled": {
            "type": "boolean",
            "description": "`false` stops applying the rule (it is kept); `true` applies it again."
          }
        }
      },
      "FaultRule": {
        "type": "object",
        "required": [
          "id",
          "accountId",
          "match",
          "fault",
          "times",
          "probability",
          "enabled",
          "fired",
          "createdAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "accountId": {
            "$ref": "#/components/schemas/OwnerAccount"
          },
          "match": {
            "$ref": "#/components/schemas/FaultMatch"
          },
          "fault": {
            "$ref": "#/components/schemas/Fault"
          },
          "times": {
            "type": [
              "integer",
              "null"
            ],
            "description": "How many requests the rule applies to at most; `null` for every one."
          },
          "probability": {
            "type": "number"
          },
          "enabled": {
            "type": "boolean",
            "description": "Whether the rule applies; a disabled one is kept, and applies to no request."
          },
          "fired": {
            "type": "integer",
            "minimum": 0,
            "description": "How many requests the rule has applied to so far."
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "OwnerAccount": {
        "description": "The account whose requests a rule or fixture applies to (the account of the admin that\nadded it); `null` for one an operator added (or `CHAT_FIXTURES` gave), which applies to\nevery account's requests.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/PositiveId"
          },
          {
            "type": "null"
          }
        ]
      },
      "AppliedFault": {
        "type": "object",
        "description": "The fault a recorded request got, and where it came from.",
        "required": [
          "source",
          "ruleId",
          "fault"
        ],
        "additionalProperties": false,
        "properties": {
          "source": {
            "type": "string",
            "enum": [
              "prefer",
              "rule"
            ]
          },
          "ruleId": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/PositiveId"
              },
              {
                "type": "null"
              }
            ]
          },
          "fault": {
            "$ref": "#/components/schemas/Fault"
          }
        }
      },
      "ChatFixtureMatch": {
        "type": "object",
        "description": "Which chat requests a fixture answers; every field given must match (none matches every chat).",
        "additionalProperties": false,
        "properties": {
          "messageContains": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1000,
            "description": "Text the message contains (case-sensitive)."
          },
          "messageMatches": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256,
            "format": "re2",
            "description": "A regular expression the message matches, in RE2 syntax (`format: re2`): it is run in\nlinear time, so lookaround and backreferences are refused (`400`), as is a pattern that\ndoes not parse.\n"
          },
          "agentName": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The request's inline agent `name`."
          },
          "intent": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "One of the request's `intents`."
          }
        }
      },
      "ChatFixtureAnswer": {
        "type": "object",
        "description": "The answer: `content` (text), or `json` (any JSON value, sent as its text) which must be\nvalid against the request's `response_format` when it has one (`400` otherwise).\n",
        "additionalProperties": false,
        "oneOf": [
          {
            "required": [
              "content"
            ]
          },
          {
            "required": [
              "json"
            ]
          }
        ],
        "properties": {
          "content": {
            "type": "string",
            "maxLength": 100000
          },
          "json": {
            "description": "Any JSON value; its text is at most 100,000 characters."
          },
          "finishReason": {
            "$ref": "#/components/schemas/FinishReason"
          }
        }
      },
      "ChatFixtureInput": {
        "type": "object",
        "required": [
          "match",
          "answer"
        ],
        "additionalProperties": false,
        "properties": {
          "match": {
            "$ref": "#/components/schemas/ChatFixtureMatch"
          },
          "answer": {
            "$ref": "#/components/schemas/ChatFixtureAnswer"
          },
          "times": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000000,
            "description": "How many chats the fixture answers at most; every matching one when absent."
          },
          "enabled": {
            "type": "boolean",
            "default": true,
            "description": "`false` adds the fixture disabled: kept and listed, answering no chat until enabled."
          }
        }
      },
      "ChatFixturePatch": {
        "type": "object",
        "description": "The fields of a fixture to change (`PATCH /chat-fixtures/{id}`), at least one; those absent\nare kept.\n",
        "minProperties": 1,
        "additionalProperties": false,
        "properties": {
          "match": {
            "$ref": "#/components/schemas/ChatFixtureMatch"
          },
          "answer": {
            "$ref": "#/components/schemas/ChatFixtureAnswer"
          },
          "times": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000000,
            "description": "How many chats the fixture answers at most, its `used` count included; `null` for every one."
          },
          "enabled": {
            "type": "boolean",
            "description": "`false` stops answering with the fixture (it is kept); `true` answers again."
          }
        }
      },
      "ChatFixtures": {
        "type": "array",
        "description": "The content of the file `CHAT_FIXTURES` names.",
        "maxItems": 1000,
        "items": {
          "$ref": "#/components/schemas/ChatFixtureInput"
        }
      },
      "ChatFixture": {
        "type": "object",
        "required": [
          "id",
          "accountId",
          "match",
          "answer",
          "times",
          "enabled",
          "used",
          "createdAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "accountId": {
            "$ref": "#/components/schemas/OwnerAccount"
          },
          "match": {
            "$ref": "#/components/schemas/ChatFixtureMatch"
          },
          "answer": {
            "$ref": "#/components/schemas/ChatFixtureAnswer"
          },
          "times": {
            "type": [
              "integer",
              "null"
            ]
          },
          "enabled": {
            "type": "boolean",
            "description": "Whether the fixture answers; a disabled one is kept, and answers no chat."
          },
          "used": {
            "type": "integer",
            "minimum": 0,
            "description": "How many chats the fixture has answered so far."
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "RequestMatcher": {
        "type": "object",
        "description": "Every field given must match.",
        "additionalProperties": false,
        "properties": {
          "method": {
            "$ref": "#/components/schemas/HttpMethod"
          },
          "path": {
            "$ref": "#/components/schemas/PathPattern"
          },
          "status": {
            "$ref": "#/components/schemas/HttpStatus"
          },
          "bodyContains": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1000,
            "description": "Text the recorded request body contains (its JSON text, case-sensitive)."
          }
        }
      },
      "StreamEvent": {
        "type": "object",
        "description": "One Server-Sent Event of a streamed answer, as it was written.",
        "required": [
          "atMs",
          "event",
          "data"
        ],
        "additionalProperties": false,
        "properties": {
          "atMs": {
            "type": "number",
            "minimum": 0,
            "description": "Milliseconds from the start of the answer to this event."
          },
          "event": {
            "type": [
              "string",
              "null"
            ],
            "description": "The event's type (`error` for the terminal error event), `null` for a plain `data:` event."
          },
          "data": {
            "type": "string"
          }
        }
      },
      "JournalToken": {
        "type": "object",
        "description": "The token a request authenticated with.",
        "required": [
          "name",
          "accountId"
        ],
        "additionalProperties": false,
        "properties": {
          "name": {
            "type": "string"
          },
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          }
        }
      },
      "Headers": {
        "type": "object",
        "description": "Header names (lower case) and values; `authorization` is always `[redacted]`.",
        "additionalProperties": {
          "type": "string"
        }
      },
      "JournalEntry": {
        "type": "object",
        "description": "One platform request and its answer. Bodies are kept up to `JOURNAL_BODY_MAX_BYTES` (16 KiB\nby default) each: a JSON body as its value, anything else or a cut body as text, with the\nmatching `…Truncated` flag. A streamed answer keeps its events instead of a body.\n",
        "required": [
          "id",
          "requestId",
          "at",
          "method",
          "path",
          "query",
          "operationId",
          "status",
          "durationMs",
          "outcome",
          "token",
          "requestHeaders",
          "requestBody",
          "requestBodyTruncated",
          "responseHeaders",
          "responseBody",
          "responseBodyTruncated",
          "events",
          "eventsTruncated",
          "fault",
          "chatFixtureId",
          "violations",
          "replay",
          "spans"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "requestId": {
            "type": "string"
          },
          "at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "method": {
            "type": "string"
          },
          "path": {
            "type": "string"
          },
          "query": {
            "type": "string",
            "description": "The query string without `?`, empty when there is none."
          },
          "operationId": {
            "type": [
              "string",
              "null"
            ],
            "description": "The platform operation the request reached, `null` when none (an unknown route)."
          },
          "status": {
            "type": [
              "integer",
              "null"
            ],
            "description": "The status answered, `null` when the connection ended without an answer."
          },
          "durationMs": {
            "type": "number",
            "minimum": 0,
            "description": "Milliseconds from the request's arrival to the end of its answer."
          },
          "outcome": {
            "type": "string",
            "enum": [
              "answered",
              "client-closed",
              "reset",
              "disconnected",
              "target-failed",
              "stalled"
            ],
            "description": "How the exchange ended: `answered` (the whole answer was sent), `client-closed` (the\nclient went away first), `reset` (a `reset` or `dropAnswer` fault), `disconnected` (a\n`disconnectAfter` fault cut a stream), `target-failed` (in proxy mode, the target's\nconnection failed in the middle of its answer, so the client's was cut too), `stalled`\n(the server cut a stream whose client stopped reading it: see the platform contract's\n\"Time limits\"). A\nreplayed `Idempotency-Key` answer shows as `answered` with the response header\n`idempotent-replayed: true`.\n"
          },
          "token": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/JournalToken"
              },
              {
                "type": "null"
              }
            ]
          },
          "requestHeaders": {
            "$ref": "#/components/schemas/Headers"
          },
          "requestBody": {
            "description": "The request body (JSON value or text), `null` when there was none."
          },
          "requestBodyTruncated": {
            "type": "boolean"
          },
          "responseHeaders": {
            "$ref": "#/components/schemas/Headers"
          },
          "responseBody": {
            "description": "The answer's body (JSON value or text), `null` for a stream or no answer."
          },
          "responseBodyTruncated": {
            "type": "boolean"
          },
          "events": {
            "description": "A streamed answer's events, `null` for any other answer: the first 1000 at most, and\nno more than `JOURNAL_BODY_MAX_BYTES` of their text (`eventsTruncated` says when some\nwere left out).\n",
            "oneOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/StreamEvent"
                }
              },
              {
                "type": "null"
              }
            ]
          },
          "eventsTruncated": {
            "type": "boolean"
          },
          "fault": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/AppliedFault"
              },
              {
                "type": "null"
              }
            ]
          },
          "chatFixtureId": {
            "description": "The chat fixture that answered, `null` when none did.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/PositiveId"
              },
              {
                "type": "null"
              }
            ]
          },
          "violations": {
            "description": "In proxy mode, where the request or the target's answer broke the platform's contract\n(`[]` when nowhere); `null` when the exchange was not checked: the server answered it\nitself (not in proxy mode, or a fault answered it).\n",
            "oneOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Violation"
                }
              },
              {
                "type": "null"
              }
            ]
          },
          "replay": {
            "description": "A replaying server's cassette for this request, `null` when the server does not replay.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/ReplayOutcome"
              },
              {
                "type": "null"
              }
            ]
          },
          "spans": {
            "description": "Where the request's time went, stage by stage, in the order they started: the same\nstages as its answer's `Server-Timing` (the token's lookup, the operation's database\ncalls, the engine), each with its start from the request's arrival, for a waterfall\nwith no trace collector. Empty for a request that reached none (a proxied or replayed\none, an unknown path). With OpenTelemetry tracing on, each is a span of the request's trace too.\n",
            "type": "array",
            "maxItems": 32,
            "items": {
              "$ref": "#/components/schemas/StageSpan"
            }
          }
        }
      },
      "StageSpan": {
        "type": "object",
        "required": [
          "stage",
          "name",
          "startMs",
          "durationMs"
        ],
        "additionalProperties": false,
        "properties": {
          "stage": {
            "type": "string",
            "enum": [
              "auth",
              "db",
              "engine"
            ]
          },
          "name": {
            "type": "string",
            "description": "The span's name, e.g. `chat reference` for the engine's part of a chat."
          },
          "startMs": {
            "type": "number",
            "minimum": 0,
            "description": "Milliseconds from the request's arrival to the stage's start."
          },
          "durationMs": {
            "type": "number",
            "minimum": 0
          }
        }
      },
      "StateAccount": {
        "type": "object",
        "required": [
          "id",
          "name"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "StateToken": {
        "type": "object",
        "description": "A token, as the token itself (a seed written by hand) or as the SHA-256 hex of it (an export),\nwith its id when it should keep one (an export gives it; `token revoke` takes it).\n",
        "required": [
          "accountId",
          "scopes"
        ],
        "oneOf": [
          {
            "required": [
              "token"
            ]
          },
          {
            "required": [
              "tokenHash"
            ]
          }
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "token": {
            "type": "string",
            "minLength": 8,
            "maxLength": 512,
            "pattern": "^[A-Za-z0-9\\-._~+/]+=*$",
            "description": "The bearer token (RFC 6750 characters)."
          },
          "tokenHash": {
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "The SHA-256 of the token, in lower-case hex."
          },
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "default": "seed"
          },
          "scopes": {
            "type": "array",
            "minItems": 1,
            "maxItems": 16,
            "uniqueItems": true,
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "revokedAt": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "Scope": {
        "type": "string",
        "enum": [
          "agents:read",
          "agents:write",
          "agents:chat",
          "transcriptions:write",
          "embeddings:create",
          "admin",
          "operator",
          "*"
        ],
        "description": "A scope a token may carry (`x-scopes` of the two documents' bearer schemes). `*` is every\nscope but `operator`.\n"
      },
      "StateWorkspace": {
        "type": "object",
        "required": [
          "id",
          "accountId",
          "name"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "StateTranscription": {
        "type": "object",
        "required": [
          "id",
          "workspaceId",
          "fileName",
          "fileUrl",
          "fileType",
          "duration",
          "transcript"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "workspaceId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "fileName": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1000
          },
          "fileUrl": {
            "type": "string",
            "minLength": 1,
            "maxLength": 2048
          },
          "fileType": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "duration": {
            "type": "number",
            "minimum": 0
          },
          "status": {
            "$ref": "#/components/schemas/TranscriptionStatus"
          },
          "transcript": {
            "$ref": "#/components/schemas/TranscriptContent"
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updatedAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "StateAgent": {
        "type": "object",
        "description": "A create-agent body (the platform's `CreateAgentBody`: the same fields, limits and defaults,\n`tools` also as a JSON string) with, optionally, the record's own fields; an export gives them\nall. An agent without `accountId` belongs to the account with the lowest id. Its fields are\nlisted here rather than combined with `allOf`, because `CreateAgentBody` allows no other\nproperty.\n",
        "required": [
          "name",
          "instruction"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "agentReferenceId": {
            "type": "string",
            "format": "uuid"
          },
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
            "description": "The knowledge base the agent draws on; absent when it has none."
          },
          "tools": {
            "description": "At most 64 tools, default `[]`; also accepted as a JSON-encoded string of the same array.",
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
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updatedAt": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "State": {
        "type": "object",
        "description": "The server's data as a seed document: what `ASSISTANT_SEED` and `--seed` read, what\n`GET /state` answers and `PUT /state` takes. Each list is optional (empty when absent).\n",
        "additionalProperties": false,
        "properties": {
          "$schema": {
            "type": "string",
            "maxLength": 2048,
            "description": "An editor hint; ignored."
          },
          "accounts": {
            "type": "array",
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/StateAccount"
            }
          },
          "tokens": {
            "type": "array",
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/StateToken"
            }
          },
          "workspaces": {
            "type": "array",
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/StateWorkspace"
            }
          },
          "transcriptions": {
            "type": "array",
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/StateTranscription"
            }
          },
          "agents": {
            "type": "array",
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/StateAgent"
            }
          }
        }
      },
      "StateSummary": {
        "type": "object",
        "description": "How many records of each kind the server now holds.",
        "required": [
          "accounts",
          "tokens",
          "workspaces",
          "transcriptions",
          "agents"
        ],
        "additionalProperties": false,
        "properties": {
          "accounts": {
            "type": "integer",
            "minimum": 0
          },
          "tokens": {
            "type": "integer",
            "minimum": 0
          },
          "workspaces": {
            "type": "integer",
            "minimum": 0
          },
          "transcriptions": {
            "type": "integer",
            "minimum": 0
          },
          "agents": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "ListRequestsResponse": {
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
            "const": "Requests retrieved successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "requests"
            ],
            "additionalProperties": false,
            "properties": {
              "requests": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/JournalEntry"
                }
              }
            }
          }
        }
      },
      "FindRequestsResponse": {
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
            "const": "Requests found successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "count",
              "requests"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0
              },
              "requests": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/JournalEntry"
                }
              }
            }
          }
        }
      },
      "ClearedResponse": {
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
            "const": "Cleared successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "removed"
            ],
            "additionalProperties": false,
            "properties": {
              "removed": {
                "type": "integer",
                "minimum": 0,
                "description": "How many entries, rules or fixtures were removed."
              }
            }
          }
        }
      },
      "StateSummaryResponse": {
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
            "const": "State replaced successfully"
          },
          "data": {
            "$ref": "#/components/schemas/StateSummary"
          }
        }
      },
      "ExportStateResponse": {
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
            "const": "State exported successfully"
          },
          "data": {
            "$ref": "#/components/schemas/State"
          }
        }
      },
      "ListFaultsResponse": {
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
            "const": "Faults retrieved successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "faults"
            ],
            "additionalProperties": false,
            "properties": {
              "faults": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/FaultRule"
                }
              }
            }
          }
        }
      },
      "FaultRuleResponse": {
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
            "const": "Fault rule saved successfully"
          },
          "data": {
            "$ref": "#/components/schemas/FaultRule"
          }
        }
      },
      "ListChatFixturesResponse": {
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
            "const": "Chat fixtures retrieved successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "fixtures"
            ],
            "additionalProperties": false,
            "properties": {
              "fixtures": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/ChatFixture"
                }
              }
            }
          }
        }
      },
      "ChatFixtureResponse": {
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
            "const": "Chat fixture saved successfully"
          },
          "data": {
            "$ref": "#/components/schemas/ChatFixture"
          }
        }
      },
      "TokenInput": {
        "type": "object",
        "required": [
          "accountId"
        ],
        "additionalProperties": false,
        "properties": {
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "default": "admin-api",
            "description": "A label for the token (what the journal names it by)."
          },
          "scopes": {
            "type": "array",
            "minItems": 1,
            "maxItems": 16,
            "uniqueItems": true,
            "default": [
              "*"
            ],
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          }
        }
      },
      "TokenRecord": {
        "type": "object",
        "description": "A token's record; never the token itself.",
        "required": [
          "id",
          "accountId",
          "name",
          "scopes",
          "createdAt",
          "revokedAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "accountId": {
            "$ref": "#/components/schemas/PositiveId"
          },
          "name": {
            "type": "string"
          },
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "revokedAt": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "TokenCreatedResponse": {
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
            "const": "Token created successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "token",
              "record"
            ],
            "additionalProperties": false,
            "properties": {
              "token": {
                "type": "string",
                "description": "The bearer token; shown only in this answer."
              },
              "record": {
                "$ref": "#/components/schemas/TokenRecord"
              }
            }
          }
        }
      },
      "TokenRevokedResponse": {
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
            "const": "Token revoked successfully"
          },
          "data": {
            "$ref": "#/components/schemas/TokenRecord"
          }
        }
      },
      "AdminView": {
        "type": "string",
        "enum": [
          "account",
          "operator"
        ],
        "description": "What a token administers: `account`, its own account (scope `admin`, or `*`); `operator`,\nthe whole server (scope `operator`).\n"
      },
      "CallerResponse": {
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
            "const": "Caller retrieved successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "view",
              "accountId",
              "tokenId",
              "tokenName",
              "scopes"
            ],
            "additionalProperties": false,
            "properties": {
              "view": {
                "$ref": "#/components/schemas/AdminView"
              },
              "accountId": {
                "$ref": "#/components/schemas/PositiveId"
              },
              "tokenId": {
                "$ref": "#/components/schemas/PositiveId"
              },
              "tokenName": {
                "type": "string"
              },
              "scopes": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Scope"
                }
              }
            }
          }
        }
      },
      "ViolationRule": {
        "type": "string",
        "enum": [
          "request-route",
          "request-authorization",
          "request-parameters",
          "request-body",
          "response-status",
          "response-content-type",
          "response-envelope",
          "response-body",
          "response-headers",
          "stream-event",
          "stream-end"
        ],
        "description": "Which part of the platform's contract an exchange broke. The request: `request-route` (no\noperation has its method and path), `request-authorization` (no `Authorization: Bearer\n<token>`), `request-parameters` (a path or query parameter), `request-body` (not JSON, or\nnot the operation's body schema). The answer: `response-status` (a status the operation does\nnot declare), `response-content-type` (a media type not declared for the status),\n`response-envelope` (not `{ success, message, … }` with `success` true exactly for a\nsuccess status), `response-body` (an envelope, but not the declared schema),\n`response-headers` (a required header missing, or a header not of its schema). A streamed\nanswer: `stream-event` (an event whose `data:` is not its type's schema, an event type the\ncontract does not list, or an event after the last), `stream-end` (the stream ended\nwithout `data: [DONE]` or the terminal `event: error`).\n"
      },
      "Violation": {
        "type": "object",
        "description": "One way an exchange broke the contract. Each rule is reported at most once per exchange:\n`issues` lists every bad field of it (at most 50; a stream's first bad event, whose index\n`message` gives).\n",
        "required": [
          "rule",
          "message",
          "issues"
        ],
        "additionalProperties": false,
        "properties": {
          "rule": {
            "$ref": "#/components/schemas/ViolationRule"
          },
          "message": {
            "type": "string",
            "description": "What is wrong, in one line."
          },
          "issues": {
            "type": "array",
            "maxItems": 50,
            "items": {
              "$ref": "#/components/schemas/ValidationIssue"
            }
          }
        }
      },
      "ViolationExample": {
        "type": "object",
        "description": "One exchange that broke a rule, and how.",
        "required": [
          "requestId",
          "at",
          "method",
          "path",
          "status",
          "message",
          "issues"
        ],
        "additionalProperties": false,
        "properties": {
          "requestId": {
            "type": "string",
            "description": "The request's id as the client saw it (the target's `x-request-id`), to find it in the journal."
          },
          "at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "method": {
            "type": "string"
          },
          "path": {
            "type": "string"
          },
          "status": {
            "type": [
              "integer",
              "null"
            ]
          },
          "message": {
            "type": "string"
          },
          "issues": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ValidationIssue"
            }
          }
        }
      },
      "ViolationGroup": {
        "type": "object",
        "description": "The violations of one rule by one operation's exchanges.",
        "required": [
          "operationId",
          "rule",
          "count",
          "firstAt",
          "lastAt",
          "example"
        ],
        "additionalProperties": false,
        "properties": {
          "operationId": {
            "type": [
              "string",
              "null"
            ],
            "description": "The platform operation, `null` for requests no operation matches."
          },
          "rule": {
            "$ref": "#/components/schemas/ViolationRule"
          },
          "count": {
            "type": "integer",
            "minimum": 1
          },
          "firstAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "lastAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "example": {
            "$ref": "#/components/schemas/ViolationExample"
          }
        }
      },
      "ViolationSummaryResponse": {
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
            "const": "Violations retrieved successfully"
          },
          "data": {
            "type": "object",
            "required": [
              "total",
              "groups"
            ],
            "additionalProperties": false,
            "properties": {
              "total": {
                "type": "integer",
                "minimum": 0,
                "description": "Every violation counted, all groups together."
              },
              "groups": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/ViolationGroup"
                }
              }
            }
          }
        }
      },
      "FeatureOffError": {
        "type": "object",
        "description": "What the routes of a feature answer while `FEATURES_OFF` turns it off (`501`).",
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
              "Fault rules are turned off on this server (FEATURES_OFF)",
              "Metrics are turned off on this server (FEATURES_OFF)"
            ]
          }
        }
      },
      "ReplayMissError": {
        "type": "object",
        "description": "What a replaying server started with `--replay-miss error` answers, with status `501`, to a\nplatform request no cassette matches: a 5xx because the recording lacks the exchange (the\nserver's setup, not the client's request), `501` because it is not a status the platform or\na fault answers, so a test can tell a miss from an answer. The message names the nearest\ncassette: the one with the request's method and path whose body differs in the fewest\nplaces, a different authentication outcome counting as one place (or says that none has\nthem). It is looked for only on a miss, among at most 64 cassettes of that method and path,\nthose sharing the request's rarest values first, so a miss costs as little as a hit. The\nlog and the journal (`replay`) say where it differs.\n",
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
            "type": "string",
            "pattern": "^No cassette matches "
          }
        }
      },
      "NearestCassette": {
        "type": "object",
        "required": [
          "cassette",
          "distance",
          "differences"
        ],
        "additionalProperties": false,
        "properties": {
          "cassette": {
            "type": "string",
            "description": "The cassette's file name."
          },
          "distance": {
            "type": "integer",
            "minimum": 1,
            "description": "How many places of the canonical bodies differ (a value changed, added or missing), plus\none when the cassette was recorded with the other authentication outcome.\n"
          },
          "differences": {
            "type": "array",
            "maxItems": 20,
            "description": "The first of those places, as JSON Pointers (`` for the whole body).",
            "items": {
              "type": "string"
            }
          },
          "authentication": {
            "type": "string",
            "enum": [
              "accepted",
              "refused"
            ],
            "description": "Present when the cassette's authentication outcome differs from the request's: how the\ntarget took the recorded token (`refused`: it answered `401`; `accepted`: anything else).\n"
          }
        }
      },
      "ReplayOutcome": {
        "type": "object",
        "description": "How a replaying server answered a platform request.",
        "required": [
          "cassette",
          "nearest"
        ],
        "additionalProperties": false,
        "properties": {
          "cassette": {
            "type": [
              "string",
              "null"
            ],
            "description": "The cassette file that answered, `null` for a miss."
          },
          "nearest": {
            "description": "On a miss, the nearest cassette; `null` on a hit, or when no cassette has the request's method and path.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/NearestCassette"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "CassetteHeaders": {
        "type": "object",
        "description": "Header names (lower case) and values; secrets are `[redacted]`. A name is an HTTP token and\na value has no control character but tab (no CR or LF), so every recorded header can be sent.\n",
        "maxProperties": 100,
        "propertyNames": {
          "pattern": "^[!#$%&'*+.^_`|~0-9a-z-]+$"
        },
        "additionalProperties": {
          "type": "string",
          "maxLength": 16384,
          "pattern": "^[\\t\\x20-\\x7e\\x80-\\xff]*$"
        }
      },
      "CassetteBody": {
        "type": "object",
        "description": "A body, in exactly one of three forms: `json`, its JSON value; `text`, the bytes as UTF-8\ntext; `base64`, bytes that are not UTF-8. A request's body is `json` whenever it is JSON,\nwhatever its spacing or escapes (replay compares request bodies as canonical JSON, so a\n`text` one that is JSON matches too); an answer's only when writing that value back gives\nthe very bytes received (compact JSON, as the platform sends), so it replays byte for byte.\n",
        "additionalProperties": false,
        "oneOf": [
          {
            "required": [
              "json"
            ]
          },
          {
            "required": [
              "text"
            ]
          },
          {
            "required": [
              "base64"
            ]
          }
        ],
        "properties": {
          "json": {
            "description": "Any JSON value."
          },
          "text": {
            "type": "string"
          },
          "base64": {
            "type": "string",
            "contentEncoding": "base64"
          }
        }
      },
      "CassetteEvent": {
        "type": "object",
        "description": "One Server-Sent Event of a streamed answer: its type (`event:`, absent for a plain `data:`\nevent), its `data:` as `json` (when writing that value back gives the same text) or as\n`data`, and when it arrived.\n",
        "required": [
          "atMs"
        ],
        "additionalProperties": false,
        "oneOf": [
          {
            "required": [
              "json"
            ]
          },
          {
            "required": [
              "data"
            ]
          }
        ],
        "properties": {
          "atMs": {
            "type": "number",
            "minimum": 0,
            "description": "Milliseconds from sending the request to this event."
          },
          "event": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256
          },
          "json": {
            "description": "The event's `data:` as its JSON value."
          },
          "data": {
            "type": "string"
          }
        }
      },
      "CassetteRequest": {
        "type": "object",
        "required": [
          "method",
          "path",
          "query",
          "headers",
          "body"
        ],
        "additionalProperties": false,
        "properties": {
          "method": {
            "$ref": "#/components/schemas/HttpMethod"
          },
          "path": {
            "type": "string",
            "maxLength": 2048,
            "pattern": "^/v1/",
            "description": "The request's path, without the query string."
          },
          "query": {
            "type": "string",
            "maxLength": 8192,
            "description": "The query string without `?`, empty when there is none."
          },
          "headers": {
            "$ref": "#/components/schemas/CassetteHeaders"
          },
          "body": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/CassetteBody"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "CassetteResponse": {
        "type": "object",
        "description": "The answer; a streamed one (`text/event-stream`) has `events` and a `null` body.",
        "required": [
          "status",
          "headersAtMs",
          "headers",
          "body",
          "events"
        ],
        "additionalProperties": false,
        "properties": {
          "status": {
            "$ref": "#/components/schemas/HttpStatus"
          },
          "headersAtMs": {
            "type": "number",
            "minimum": 0,
            "description": "Milliseconds from sending the request to the answer's headers."
          },
          "headers": {
            "$ref": "#/components/schemas/CassetteHeaders"
          },
          "body": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/CassetteBody"
              },
              {
                "type": "null"
              }
            ]
          },
          "events": {
            "oneOf": [
              {
                "type": "array",
                "maxItems": 100000,
                "items": {
                  "$ref": "#/components/schemas/CassetteEvent"
                }
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "Cassette": {
        "type": "object",
        "description": "One exchange with the platform, recorded by a proxy started with `--record DIR` and\nreplayed by a server started with `--replay DIR`: a pretty-printed JSON file, one per\nexchange, named `<sequence>-<method>-<path>.json`. The request keeps its method, path, query,\n`content-type`, `accept` and `x-request-id` headers and body; the answer its status, its\nheaders (but `date`, `content-length` and hop-by-hop ones), and its body or, for a stream,\neach event with its time. `authorization`, cookies and the configured headers are\n`[redacted]`, and so are the values of the query's `token`, `access_token`, `api_key`,\n`apikey`, `key`, `password`, `secret`, `signature` and `sig` parameters and the configured ones.\nA replaying server loads only regular files (never a symbolic link) valid against this\nschema, whose answers are valid against the platform's contract.\n",
        "required": [
          "version",
          "recordedAt",
          "request",
          "response"
        ],
        "additionalProperties": false,
        "properties": {
          "$schema": {
            "type": "string",
            "maxLength": 2048,
            "description": "An editor hint; ignored."
          },
          "version": {
            "const": 1,
            "description": "The format's version; a later format that this server cannot read has another."
          },
          "recordedAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "request": {
            "$ref": "#/components/schemas/CassetteRequest"
          },
          "response": {
            "$ref": "#/components/schemas/CassetteResponse"
          }
        }
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
      "PositiveId": {
        "type": "integer",
        "minimum": 1,
        "maximum": 9007199254740991,
        "description": "A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`)."
      },
      "Tools": {
        "type": "array",
        "maxItems": 64,
        "items": {
          "$ref": "#/components/schemas/Tool"
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
      "AgentInstruction": {
        "type": "string",
        "minLength": 1,
        "maxLength": 32000,
        "description": "What the agent should do, 1–32,000 characters."
      },
      "AgentDescription": {
        "type": "string",
        "maxLength": 2000,
        "description": "What the agent is for, at most 2,000 characters."
      },
      "AgentName": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "description": "The agent's name, 1–200 characters. Names need not be unique."
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
      "FinishReason": {
        "type": "string",
        "enum": [
          "stop",
          "length"
        ],
        "description": "`stop` when the answer ended by itself, `length` when it was cut by `max_tokens`."
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
      }
    },
    "headers": {
      "RequestId": {
        "description": "The request's id, echoed from the request's `x-request-id` or made by the server.",
        "required": true,
        "schema": {
          "type": "string"
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
      "RateLimitReset": {
        "description": "Seconds until the current window resets.",
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
      "RateLimitLimit": {
        "description": "Requests allowed per window for this token.",
        "schema": {
          "type": "integer",
          "minimum": 0
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
      "WwwAuthenticate": {
        "description": "The authentication scheme to use (RFC 9110 §11.6.1); always `Bearer` on a `401`.",
        "required": true,
        "schema": {
          "type": "string",
          "const": "Bearer"
        }
      }
    }
  }
};
