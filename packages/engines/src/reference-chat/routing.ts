/**
 * Picks the intent and the hand-off agent closest to the user's message with the embedding engine
 * (cosine similarity), in one embed call per request.
 */
import type { EmbeddingEngine, EngineCallOptions, HandoffAgent } from '../types.js';

export const ROUTING_EMBEDDING_MODEL = 'svc-embeddings-v1-20241001';

export interface Match<T> {
  item: T;
  score: number;
}

export interface Routing {
  intent?: Match<string>;
  handoff?: Match<HandoffAgent>;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The best-scoring item; ties go to the earliest, so the caller's order breaks them. */
function best<T>(items: readonly T[], vectors: number[][], query: number[]): Match<T> | undefined {
  let found: Match<T> | undefined;
  items.forEach((item, index) => {
    const score = cosine(query, vectors[index] ?? []);
    if (!found || score > found.score) found = { item, score };
  });
  return found;
}

export function agentProfile(agent: HandoffAgent): string {
  return [agent.name, agent.description, agent.intents.join(', ')].filter(Boolean).join('. ');
}

export async function route(
  embeddings: EmbeddingEngine,
  query: string,
  intents: readonly string[],
  agents: readonly HandoffAgent[],
  options: EngineCallOptions,
): Promise<Routing> {
  if (intents.length === 0 && agents.length === 0) return {};
  const sentences = [query.trim() || '(empty message)', ...intents, ...agents.map(agentProfile)].map(
    (sentence) => sentence.slice(0, 8192) || ' ',
  );
  const vectors = await embeddings.embed(
    { model: ROUTING_EMBEDDING_MODEL, lang: 'multi', sentences },
    options,
  );
  const [queryVector = [], ...rest] = vectors;
  return {
    intent: best(intents, rest.slice(0, intents.length), queryVector),
    handoff: best(agents, rest.slice(intents.length), queryVector),
  };
}
