import { describe, expect, it } from 'vitest';
import { createOpenAIChatEngine } from '../../src/openai/chat-engine.js';
import { createOpenAIEmbeddingEngine } from '../../src/openai/embedding-engine.js';
import { OUR_MODEL, offlineEngine, recordingLogger, UPSTREAM_MODEL } from './helpers.js';

describe('OpenAI adapters: what they log when created', () => {
  it('logs one info line per adapter with its upstream URL and model map, never credentials', () => {
    const logger = recordingLogger();
    createOpenAIChatEngine(
      {
        url: 'https://proxy-user:proxy-secret@llm.example.org/v1?api-key=query-secret',
        apiKey: 'sk-header-secret',
        modelMap: { [OUR_MODEL]: UPSTREAM_MODEL },
        timeoutMs: 60_000,
      },
      logger,
      offlineEngine,
    );
    createOpenAIEmbeddingEngine(
      {
        url: 'http://127.0.0.1:11434/v1',
        modelMap: { 'svc-embeddings-v1-20241001': 'nomic-embed-text' },
        timeoutMs: 30_000,
      },
      logger,
    );
    expect(logger.lines).toHaveLength(2);
    const [chat, embeddings] = logger.lines;
    expect(chat).toMatchObject({
      level: 'info',
      obj: { engine: 'openai', kind: 'chat', modelMap: { [OUR_MODEL]: UPSTREAM_MODEL }, timeoutMs: 60_000 },
    });
    expect(String(chat?.obj.upstream)).toContain('llm.example.org/v1');
    expect(embeddings).toMatchObject({
      level: 'info',
      obj: {
        kind: 'embeddings',
        upstream: 'http://127.0.0.1:11434/v1',
        modelMap: { 'svc-embeddings-v1-20241001': 'nomic-embed-text' },
      },
    });
    expect(JSON.stringify(logger.lines)).not.toMatch(/secret|proxy-user/);
  });
});
