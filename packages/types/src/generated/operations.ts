// Generated from openapi/openapi.yaml and openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.

/** Every scope a token may carry (`x-scopes` of both bearer schemes); `*` grants them all. */
export const SCOPES = [
  "agents:read",
  "agents:write",
  "agents:chat",
  "transcriptions:write",
  "embeddings:create",
  "admin",
  "operator",
  "*"
] as const;

/** Each platform operation: where it lives, the scope it requires, what it takes. */
export const OPERATIONS = {
  "createAgent": {
    "method": "post",
    "path": "/agents/create",
    "scope": "agents:write",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": true
  },
  "getAgent": {
    "method": "get",
    "path": "/agents/view/{id}",
    "scope": "agents:read",
    "pathParameters": [
      {
        "name": "id",
        "integer": false
      }
    ],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "chatRequest": {
    "method": "post",
    "path": "/agents/chat/request",
    "scope": "agents:chat",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": true,
    "eventStream": true,
    "idempotencyKey": true
  },
  "updateTranscription": {
    "method": "patch",
    "path": "/transcribe/workspace/{id}/transcriptions/{transcriptionId}",
    "scope": "transcriptions:write",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      },
      {
        "name": "transcriptionId",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "createEmbeddings": {
    "method": "post",
    "path": "/vectors/embedding",
    "scope": "embeddings:create",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": true,
    "eventStream": false,
    "idempotencyKey": true
  }
} as const;

/** Each operation of the reference server's admin API, under `/_admin`. */
export const ADMIN_OPERATIONS = {
  "listRequests": {
    "method": "get",
    "path": "/requests",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {
      "limit": 100
    },
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "clearRequests": {
    "method": "delete",
    "path": "/requests",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "findRequests": {
    "method": "post",
    "path": "/requests/find",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "streamRequests": {
    "method": "get",
    "path": "/requests/stream",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": true,
    "idempotencyKey": false
  },
  "summarizeViolations": {
    "method": "get",
    "path": "/violations",
    "scope": "operator",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "clearViolations": {
    "method": "delete",
    "path": "/violations",
    "scope": "operator",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "reset": {
    "method": "post",
    "path": "/reset",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "exportState": {
    "method": "get",
    "path": "/state",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "importState": {
    "method": "put",
    "path": "/state",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "listFaults": {
    "method": "get",
    "path": "/faults",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "addFault": {
    "method": "post",
    "path": "/faults",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "clearFaults": {
    "method": "delete",
    "path": "/faults",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "updateFault": {
    "method": "patch",
    "path": "/faults/{id}",
    "scope": "admin",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "removeFault": {
    "method": "delete",
    "path": "/faults/{id}",
    "scope": "admin",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "listChatFixtures": {
    "method": "get",
    "path": "/chat-fixtures",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "addChatFixture": {
    "method": "post",
    "path": "/chat-fixtures",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "clearChatFixtures": {
    "method": "delete",
    "path": "/chat-fixtures",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "updateChatFixture": {
    "method": "patch",
    "path": "/chat-fixtures/{id}",
    "scope": "admin",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "removeChatFixture": {
    "method": "delete",
    "path": "/chat-fixtures/{id}",
    "scope": "admin",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "createToken": {
    "method": "post",
    "path": "/tokens",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": true,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "revokeToken": {
    "method": "delete",
    "path": "/tokens/{id}",
    "scope": "admin",
    "pathParameters": [
      {
        "name": "id",
        "integer": true
      }
    ],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "describeCaller": {
    "method": "get",
    "path": "/caller",
    "scope": "admin",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  },
  "scrapeMetrics": {
    "method": "get",
    "path": "/metrics",
    "scope": "operator",
    "pathParameters": [],
    "queryDefaults": {},
    "jsonBody": false,
    "inFlightLimited": false,
    "eventStream": false,
    "idempotencyKey": false
  }
} as const;
