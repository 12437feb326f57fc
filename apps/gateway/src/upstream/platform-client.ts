/**
 * The SDK client a gateway call uses. One is made per call because the token is the caller's:
 * making it is cheap (no I/O; connections are pooled by the shared global dispatcher of `fetch`).
 */
import { type AssistantClient, createAssistantClient } from '@assistant-platform/client';
import type { GatewayConfig } from '../config.js';

export type PlatformClient = AssistantClient;
export type PlatformClientFactory = (token: string, headers: Record<string, string>) => PlatformClient;

export function createPlatformClientFactory(
  config: Pick<
    GatewayConfig,
    'upstreamBaseUrl' | 'upstreamTimeoutMs' | 'upstreamIdleTimeoutMs' | 'upstreamMaxRetries'
  >,
  fetchImpl?: typeof fetch,
): PlatformClientFactory {
  return (token, headers) =>
    createAssistantClient({
      baseUrl: config.upstreamBaseUrl,
      token,
      headers,
      timeoutMs: config.upstreamTimeoutMs,
      idleTimeoutMs: config.upstreamIdleTimeoutMs,
      maxRetries: config.upstreamMaxRetries,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
}
