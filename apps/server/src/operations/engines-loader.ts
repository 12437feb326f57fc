import type { Engines, EnginesConfig } from '@assistant-platform/engines/types';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Loads the engines module in the background. It is the heaviest part of start-up (tokenizer
 * tables, language data), and only chat and embeddings need it, so the server listens and answers
 * agent and transcription requests while it loads; those two routes await it.
 */
export function loadEngines(config: EnginesConfig, logger: FastifyBaseLogger): Promise<Engines> {
  const loading = import('@assistant-platform/engines').then(({ createEngines }) =>
    createEngines(config, logger),
  );
  // Reported by whoever awaits it (start-up or a request); this only prevents an unhandled rejection.
  loading.catch(() => undefined);
  return loading;
}
