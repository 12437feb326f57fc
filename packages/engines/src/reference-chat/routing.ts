/**
 * Picks the intent and the hand-off agent closest to the user's message with the embedding engine
 * (cosine similarity), in one embed call per request. The intents' and hand-off agents' vectors are
 * kept: they are an agent's own, sent again with every message, while the message is new each time.
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

/**
 * Vectors kept per embedding engine, per account (on a shared server one account's intents never
 * answer, or evict, another's), and how many accounts, and sentences of an account, are kept and
 * how long those may be. Each is emptied when full, like the stem cache, which keeps memory flat.
 */
const knownVectors = new WeakMap<EmbeddingEngine, Map<string, Map<string, number[]>>>();
const MAX_KNOWN_ACCOUNTS = 32;
const MAX_KNOWN_VECTORS = 64;
const MAX_KNOWN_CHARS = 512;
/** Work without a tenant (a test, the engine used on its own) is one account's. */
const NO_ACCOUNT = '';

function knownOf(embeddings: EmbeddingEngine, account: string): Map<string, number[]> {
  let accounts = knownVectors.get(embeddings);
  if (accounts === undefined) {
    accounts = new Map();
    knownVectors.set(embeddings, accounts);
  }
  let known = accounts.get(account);
  if (known === undefined) {
    if (accounts.size >= MAX_KNOWN_ACCOUNTS) accounts.clear();
    known = new Map();
    accounts.set(account, known);
  }
  return known;
}

/**
 * The vector of `query` and those of `sentences`, the ones embedded before taken from the kept
 * vectors (read before the engine is awaited: another request may empty them meanwhile).
 */
async function vectorsOf(
  embeddings: EmbeddingEngine,
  query: string,
  sentences: readonly string[],
  options: EngineCallOptions,
): Promise<{ queryVector: number[]; vectors: number[][] }> {
  const known = knownOf(embeddings, options.tenant?.account ?? NO_ACCOUNT);
  const vectors: (number[] | undefined)[] = sentences.map((sentence) => known.get(sentence));
  const asked = [query];
  const missing: number[] = [];
  vectors.forEach((vector, index) => {
    if (vector !== undefined) return;
    asked.push(sentences[index] as string);
    missing.push(index);
  });
  const embedded = await embeddings.embed(
    { model: ROUTING_EMBEDDING_MODEL, lang: 'multi', sentences: asked },
    options,
  );
  missing.forEach((index, at) => {
    const sentence = sentences[index] as string;
    const vector = embedded[at + 1] ?? [];
    vectors[index] = vector;
    if (sentence.length > MAX_KNOWN_CHARS) return;
    if (known.size >= MAX_KNOWN_VECTORS) known.clear();
    known.set(sentence, vector);
  });
  return { queryVector: embedded[0] ?? [], vectors: vectors as number[][] };
}

export async function route(
  embeddings: EmbeddingEngine,
  query: string,
  intents: readonly string[],
  agents: readonly HandoffAgent[],
  options: EngineCallOptions,
): Promise<Routing> {
  if (intents.length === 0 && agents.length === 0) return {};
  const [asked = ' ', ...sentences] = [
    query.trim() || '(empty message)',
    ...intents,
    ...agents.map(agentProfile),
  ].map((sentence) => sentence.slice(0, 8192) || ' ');
  const { queryVector, vectors } = await vectorsOf(embeddings, asked, sentences, options);
  return {
    intent: best(intents, vectors.slice(0, intents.length), queryVector),
    handoff: best(agents, vectors.slice(intents.length), queryVector),
  };
}
