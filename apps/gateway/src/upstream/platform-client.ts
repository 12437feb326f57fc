/**
 * The SDK client a gateway call uses. One is made per call because the token is the caller's:
 * making it is cheap (no I/O; connections are pooled by the shared global dispatcher of `fetch`).
 */
import {
  type AgentsResource,
  createAssistantClient,
  type EmbeddingsResource,
  type TranscriptionsResource,
} from '@assistant-platform/client';
import type { GatewayConfig } from '../config.js';

/**
 * The SDK's resources a gateway call uses. Named here rather than as the whole client because the
 * router's type (published in @assistant-platform/gateway-client) carries its context's type: the
 * resources carry the contract's types only, the whole client openapi-fetch's too.
 */
export interface PlatformClient {
  agents: AgentsResource;
  transcriptions: TranscriptionsResource;
  embeddings: EmbeddingsResource;
}
/** `onDeprecation` gets the headers of each upstream answer that announces a deprecation. */
export type PlatformClientFactory = (
  token: string,
  headers: Record<string, string>,
  onDeprecation?: (headers: Record<string, string>) => void,
) => PlatformClient;

export function createPlatformClientFactory(
  config: Pick<
    GatewayConfig,
    'upstreamBaseUrl' | 'upstreamTimeoutMs' | 'upstreamIdleTimeoutMs' | 'upstreamMaxRetries'
  >,
  fetchImpl?: typeof fetch,
): PlatformClientFactory {
  return (token, headers, onDeprecation) =>
    createAssistantClient({
      // The gateway warns no one itself: it passes each deprecation on to its caller.
      deprecations: 'silent',
      onDeprecation: (notice) => {
        if (notice.headers) onDeprecation?.(notice.headers);
      },
      baseUrl: config.upstreamBaseUrl,
      token,
      headers,
      timeoutMs: config.upstreamTimeoutMs,
      idleTimeoutMs: config.upstreamIdleTimeoutMs,
      maxRetries: config.upstreamMaxRetries,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
}
