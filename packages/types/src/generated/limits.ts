// Generated from openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.

/** Per admin schema, each property's declared bounds and allowed values (with its `type`). */
export const ADMIN_LIMITS = {
  "Fault": {
    "code": {
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
      ]
    },
    "delayMs": {
      "type": "integer",
      "minimum": 0,
      "maximum": 30000
    },
    "ttftMs": {
      "type": "integer",
      "minimum": 0,
      "maximum": 30000
    },
    "tps": {
      "type": "number",
      "minimum": 0.1,
      "maximum": 10000
    },
    "disconnectAfter": {
      "type": "integer",
      "minimum": 0,
      "maximum": 100000
    }
  },
  "FaultMatch": {
    "method": {
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
    "path": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2048
    },
    "tokenName": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "FaultRuleInput": {
    "times": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000
    },
    "probability": {
      "type": "number",
      "exclusiveMinimum": 0,
      "maximum": 1
    }
  },
  "FaultRulePatch": {
    "times": {
      "minimum": 1,
      "maximum": 1000000
    },
    "probability": {
      "type": "number",
      "exclusiveMinimum": 0,
      "maximum": 1
    }
  },
  "FaultRule": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "fired": {
      "type": "integer",
      "minimum": 0
    }
  },
  "AppliedFault": {
    "source": {
      "type": "string",
      "enum": [
        "prefer",
        "rule"
      ]
    }
  },
  "ChatFixtureMatch": {
    "messageContains": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1000
    },
    "messageMatches": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256
    },
    "agentName": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    },
    "intent": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "ChatFixtureAnswer": {
    "content": {
      "type": "string",
      "maxLength": 100000
    },
    "finishReason": {
      "type": "string",
      "enum": [
        "stop",
        "length"
      ]
    }
  },
  "ChatFixtureInput": {
    "times": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000
    }
  },
  "ChatFixturePatch": {
    "times": {
      "minimum": 1,
      "maximum": 1000000
    }
  },
  "ChatFixture": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "used": {
      "type": "integer",
      "minimum": 0
    }
  },
  "RequestMatcher": {
    "method": {
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
    "path": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2048
    },
    "status": {
      "type": "integer",
      "minimum": 100,
      "maximum": 599
    },
    "bodyContains": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1000
    }
  },
  "StreamEvent": {
    "atMs": {
      "type": "number",
      "minimum": 0
    }
  },
  "JournalToken": {
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    }
  },
  "JournalEntry": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "durationMs": {
      "type": "number",
      "minimum": 0
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
      ]
    },
    "spans": {
      "type": "array",
      "maxItems": 32
    }
  },
  "StageSpan": {
    "stage": {
      "type": "string",
      "enum": [
        "auth",
        "db",
        "engine"
      ]
    },
    "startMs": {
      "type": "number",
      "minimum": 0
    },
    "durationMs": {
      "type": "number",
      "minimum": 0
    }
  },
  "StateAccount": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "StateToken": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "token": {
      "type": "string",
      "minLength": 8,
      "maxLength": 512
    },
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    },
    "scopes": {
      "type": "array",
      "minItems": 1,
      "maxItems": 16
    }
  },
  "StateWorkspace": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "StateTranscription": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "workspaceId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
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
      "type": "string",
      "enum": [
        "PENDING",
        "PROCESSING",
        "COMPLETED",
        "FAILED"
      ]
    }
  },
  "StateAgent": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    },
    "description": {
      "type": "string",
      "maxLength": 2000
    },
    "instruction": {
      "type": "string",
      "minLength": 1,
      "maxLength": 32000
    },
    "intents": {
      "type": "array",
      "maxItems": 50
    },
    "knowledgeBaseId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    }
  },
  "State": {
    "$schema": {
      "type": "string",
      "maxLength": 2048
    },
    "accounts": {
      "type": "array",
      "maxItems": 10000
    },
    "tokens": {
      "type": "array",
      "maxItems": 10000
    },
    "workspaces": {
      "type": "array",
      "maxItems": 10000
    },
    "transcriptions": {
      "type": "array",
      "maxItems": 10000
    },
    "agents": {
      "type": "array",
      "maxItems": 10000
    }
  },
  "StateSummary": {
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
  },
  "TokenInput": {
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    },
    "scopes": {
      "type": "array",
      "minItems": 1,
      "maxItems": 16
    }
  },
  "TokenRecord": {
    "id": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    },
    "accountId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 9007199254740991
    }
  },
  "Violation": {
    "rule": {
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
      ]
    },
    "issues": {
      "type": "array",
      "maxItems": 50
    }
  },
  "ViolationGroup": {
    "rule": {
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
      ]
    },
    "count": {
      "type": "integer",
      "minimum": 1
    }
  },
  "FeatureOffError": {
    "message": {
      "enum": [
        "Fault rules are turned off on this server (FEATURES_OFF)",
        "Metrics are turned off on this server (FEATURES_OFF)"
      ]
    }
  },
  "NearestCassette": {
    "distance": {
      "type": "integer",
      "minimum": 1
    },
    "differences": {
      "type": "array",
      "maxItems": 20
    },
    "authentication": {
      "type": "string",
      "enum": [
        "accepted",
        "refused"
      ]
    }
  },
  "CassetteEvent": {
    "atMs": {
      "type": "number",
      "minimum": 0
    },
    "event": {
      "type": "string",
      "minLength": 1,
      "maxLength": 256
    }
  },
  "CassetteRequest": {
    "method": {
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
    "path": {
      "type": "string",
      "maxLength": 2048
    },
    "query": {
      "type": "string",
      "maxLength": 8192
    }
  },
  "CassetteResponse": {
    "status": {
      "type": "integer",
      "minimum": 100,
      "maximum": 599
    },
    "headersAtMs": {
      "type": "number",
      "minimum": 0
    }
  },
  "Cassette": {
    "$schema": {
      "type": "string",
      "maxLength": 2048
    }
  },
  "SvcTool": {
    "svc_tool": {
      "type": "string",
      "enum": [
        "web_search_tool"
      ]
    }
  },
  "TranscriptContent": {
    "filename": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255
    },
    "transcript": {
      "type": "string",
      "maxLength": 2000000
    }
  },
  "RateLimitError": {
    "message": {
      "enum": [
        "Rate limit exceeded. Please try again later.",
        "The server is busy with your earlier requests. Please try again later."
      ]
    }
  }
} as const;

/** Per admin schema, the properties marked `x-in-flight-limited` (a `Fault`'s that hold a connection). */
export const ADMIN_IN_FLIGHT_LIMITED = {
  "Fault": [
    "delayMs",
    "ttftMs",
    "tps",
    "disconnectAfter"
  ]
} as const;
