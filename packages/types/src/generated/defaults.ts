// Generated from openapi/openapi.yaml and openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.

/** The declared `default` of each optional property, per platform schema that declares any. */
export const DECLARED_DEFAULTS = {
  "CreateAgentBody": {
    "description": "",
    "intents": [],
    "tools": []
  },
  "ChatRequestBody": {
    "model": "svc-v1-blaze-20250318",
    "temperature": 0.1,
    "top_p": 0.95,
    "max_tokens": 4096,
    "frequency_penalty": 0.3,
    "presence_penalty": 0.3,
    "seed": 2024,
    "stream": false
  },
  "EmbeddingsBody": {
    "model": "svc-embeddings-v1-20241001",
    "lang": "multi"
  }
} as const;

/** The same for the admin API. */
export const ADMIN_DEFAULTS = {
  "FaultRuleInput": {
    "probability": 1
  },
  "StateToken": {
    "name": "seed"
  },
  "StateAgent": {
    "description": "",
    "intents": [],
    "tools": []
  },
  "TokenInput": {
    "name": "admin-api",
    "scopes": [
      "*"
    ]
  }
} as const;

/** The chat models a server with its offline engine knows (`ChatModel`'s `x-known-models`). */
export const KNOWN_CHAT_MODELS = [
  "svc-v1-blaze-20250318"
] as const;
