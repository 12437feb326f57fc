// Generated from openapi/openapi.yaml by packages/client/scripts/generate-chat-defaults.mjs. Do not edit.

/** The declared `default` of each optional ChatRequestBody field. */
export const chatDefaults = {
  "model": "svc-v1-blaze-20250318",
  "temperature": 0.1,
  "top_p": 0.95,
  "max_tokens": 4096,
  "frequency_penalty": 0.3,
  "presence_penalty": 0.3,
  "seed": 2024,
  "stream": false
} as const;
