/**
 * One start-up log line per adapter, so an operator can see which upstream and models a running
 * server uses. Credentials never reach the log: the API key is not logged, and a URL's user info
 * and query values (where some gateways put keys) are masked.
 */
import type { EngineLogger, UpstreamConfig } from '../types.js';

export function logUpstreamInUse(
  kind: 'chat' | 'embeddings',
  config: UpstreamConfig,
  logger: EngineLogger,
): void {
  logger.info(
    {
      engine: 'openai',
      kind,
      upstream: redactUrl(config.url),
      modelMap: config.modelMap,
      timeoutMs: config.timeoutMs,
      apiKey: config.apiKey ? 'set' : 'none',
    },
    `${kind} engine: OpenAI-compatible upstream`,
  );
}

export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '[unparsable URL]';
  }
  if (parsed.username) parsed.username = 'redacted';
  if (parsed.password) parsed.password = 'redacted';
  for (const name of [...parsed.searchParams.keys()]) parsed.searchParams.set(name, 'redacted');
  return parsed.toString();
}
