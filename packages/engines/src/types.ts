/**
 * The seam between the HTTP layer and whatever produces answers and vectors.
 * Routes validate, authenticate and look records up; engines only compute. An engine never sees
 * tokens, accounts or raw request bodies: it gets a normalized request with every default applied.
 */
import type {
  AgentChatMessage,
  FinishReason,
  HistoryMessage,
  ReasoningEffort,
  ResponseFormat,
  ValidationIssue,
} from '@assistant-platform/types';
import type { Tenant } from './pool/fair-queue.js';

/** An agent of the caller's account named in `agents`, already looked up and authorised. */
export interface HandoffAgent {
  id: number;
  agentReferenceId: string;
  name: string;
  description: string;
  instruction: string;
  intents: string[];
}

/** A chat request after validation: JSON-string forms parsed, declared defaults applied. */
export interface ChatEngineRequest {
  model: string;
  name: string;
  description: string;
  instruction: string;
  intents: string[];
  message: AgentChatMessage;
  memoryChat: HistoryMessage[];
  handoffAgents: HandoffAgent[];
  temperature: number;
  top_p: number;
  max_tokens: number;
  frequency_penalty: number;
  presence_penalty: number;
  seed: number;
  reasoning?: { effort: ReasoningEffort };
  response_format?: ResponseFormat;
}

export interface ChatCompletion {
  content: string;
  finishReason: FinishReason;
  /** Id of the stop token that ended the answer, -1 when none matched (e.g. `length`). */
  matchedStop: number;
}

/** What a streamed answer yields: text deltas, then exactly one `end`. */
export type ChatStreamEvent =
  | { type: 'delta'; content: string }
  | { type: 'end'; finishReason: FinishReason; matchedStop: number };

/** A streamed answer's events, one by one. */
export interface ChatEventStream extends AsyncIterable<ChatStreamEvent> {
  /**
   * Every event of the answer, `end` included, when all of them are known before the first is sent
   * (a planned answer): a consumer may then send them together rather than wait for each in turn.
   * Absent when the engine learns them one by one (a model server).
   */
  readonly planned?: readonly ChatStreamEvent[];
}

export interface EngineCallOptions {
  /** Aborted when the client disconnects or the server shuts down; engines stop work promptly. */
  signal: AbortSignal;
  /** The request id, for the engine's own log lines and upstream headers. */
  requestId: string;
  /**
   * Whose work this is: the pool serves accounts in turn, and tokens in turn inside an account
   * (see pool/fair-queue.ts). Without one the work is the anonymous tenant's.
   */
  tenant?: Tenant;
  /** The W3C `traceparent` of the caller's span, passed on to an upstream model server. */
  traceparent?: string;
  /**
   * Told when work sent to a worker thread is over (answered, failed or given up), with when it
   * was queued, when a worker started it (undefined if none did) and when it ended, as
   * `performance.now()` times of this thread: the caller's trace shows the wait and the run. Work
   * done in the caller's thread (small chats and embeddings, an upstream call) has no such phases.
   */
  onPooledTask?(phases: PooledTaskPhases): void;
}

export interface PooledTaskPhases {
  queuedAt: number;
  startedAt: number | undefined;
  endedAt: number;
}

export interface ChatEngine {
  /** Model names this engine answers; any other model is a 400. */
  readonly models: readonly string[];
  complete(request: ChatEngineRequest, options: EngineCallOptions): Promise<ChatCompletion>;
  /**
   * Resolves once the request is known to be answerable (so errors found before the stream starts
   * can still use the normal envelope and status), then yields the answer's events.
   */
  stream(request: ChatEngineRequest, options: EngineCallOptions): Promise<ChatEventStream>;
  close?(): Promise<void>;
}

export interface EmbeddingRequest {
  model: string;
  lang: string;
  sentences: string[];
}

export interface EmbeddingEngine {
  embed(request: EmbeddingRequest, options: EngineCallOptions): Promise<number[][]>;
  /**
   * The vectors `embed` gives, as their JSON text (what `JSON.stringify` makes of them), written
   * where they are made: a large request's on an engine thread, so the event loop neither copies
   * its numbers across threads nor serializes them (a megabyte of text for 256 long sentences).
   * Absent from engines whose vectors come as objects anyway (a model server's).
   */
  embedJson?(request: EmbeddingRequest, options: EngineCallOptions): Promise<string>;
  close?(): Promise<void>;
}

/**
 * A failure an engine reports to the client. Anything else an engine throws is a 500 whose detail
 * is only logged. A 503 is the server's own overload: the work's deadline passed before it could
 * be done (see pool/fair-queue.ts), nothing the client did.
 */
export class EngineError extends Error {
  constructor(
    readonly status: 400 | 429 | 500 | 503,
    message: string,
    readonly details: {
      issues?: ValidationIssue[];
      retryAfterSeconds?: number;
      /** A 429 because the tenant's earlier work fills its queue (not a rate limit it went over). */
      busy?: boolean;
      /** The caller cancelled the work (its `signal`): no one waits for this answer. */
      cancelled?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'EngineError';
  }
}

export interface UpstreamConfig {
  url: string;
  apiKey?: string;
  /** Our model names mapped to the upstream's. */
  modelMap: Record<string, string>;
  timeoutMs: number;
}

/** The worker threads the offline engines run on. */
export interface EnginePoolConfig {
  /** Worker threads; each holds its own tokenizer tables and embedder. */
  threads: number;
  /** The most a task may run before its thread is terminated. */
  taskTimeoutMs: number;
  /**
   * The most a task may take from the moment it is queued, waiting included: past it the caller is
   * answered 503 whether the task ran or not (a running one's thread is terminated).
   */
  deadlineMs: number;
  /** The old-generation heap a worker may use before it is terminated. */
  maxMemoryMb: number;
  /** How much lower than the event loop's the CPU priority of its threads is (Linux nice; none by default). */
  workerNice?: number;
}

export interface EnginesConfig {
  chat: { kind: 'reference' } | ({ kind: 'openai' } & UpstreamConfig);
  embeddings: { kind: 'local' } | ({ kind: 'openai' } & UpstreamConfig);
  pool: EnginePoolConfig;
}

/** The structured logger engines receive (pino's child logger fits). */
export interface EngineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * What the worker pool is doing, read for metrics: tasks running and waiting in its fair queue now,
 * and how many tasks were stopped for going over their time or memory budget since start-up.
 */
export interface EnginePoolStats {
  running: number;
  waiting: number;
  budgetOverruns: number;
}

/** The configured engines, as `createEngines` wires them. */
export interface Engines {
  chat: ChatEngine;
  embeddings: EmbeddingEngine;
  close(): Promise<void>;
  /** The worker pool's figures; all zero while no offline engine has started it. Read-only. */
  poolStats(): EnginePoolStats;
}
