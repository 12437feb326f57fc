// Generated from openapi/openapi.yaml by packages/types/scripts/generate.mjs. Do not edit.

/** Every scope a token may carry (`x-scopes` of the bearer scheme); `*` grants them all. */
export const SCOPES = [
  "agents:read",
  "agents:write",
  "agents:chat",
  "transcriptions:write",
  "embeddings:create",
  "*"
] as const;

/** Each operation of the contract: where it lives, the scope it requires, what it takes. */
export const OPERATIONS = {
  "createAgent": {
    "method": "post",
    "path": "/agents/create",
    "scope": "agents:write",
    "pathParameters": [],
    "jsonBody": true,
    "inFlightLimited": false
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
    "jsonBody": false,
    "inFlightLimited": false
  },
  "chatRequest": {
    "method": "post",
    "path": "/agents/chat/request",
    "scope": "agents:chat",
    "pathParameters": [],
    "jsonBody": true,
    "inFlightLimited": true
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
    "jsonBody": true,
    "inFlightLimited": false
  },
  "createEmbeddings": {
    "method": "post",
    "path": "/vectors/embedding",
    "scope": "embeddings:create",
    "pathParameters": [],
    "jsonBody": true,
    "inFlightLimited": true
  }
} as const;
