/**
 * Reads the upstream's answers (a whole completion or one stream chunk) into our terms.
 *
 * `finish_reason`: `length` stays `length`; everything else ends the answer by itself and is `stop`
 * (`stop`, `content_filter`, `tool_calls`, `function_call`, SGLang's `abort`, or a missing value).
 * `matched_stop` (SGLang; vLLM calls it `stop_reason`): a token id passes through; a matched stop
 * string, `null` or no field is `-1`, and so is any answer cut by `length`.
 */
import type { FinishReason } from '@assistant-platform/types';
import type { ChatCompletion } from '../types.js';
import { malformedAnswer, reportedFailure, type UpstreamContext } from './upstream-errors.js';

export interface ChatEnding {
  finishReason: FinishReason;
  matchedStop: number;
}

export interface ChatChunk {
  content: string;
  /** Present on the chunk that carries a `finish_reason`. */
  ending?: ChatEnding;
  /** The event's data when it is an error object (vLLM, SGLang and llama.cpp report failures so). */
  error?: string;
}

export function mapEnding(finishReason: unknown, matchedStop: unknown): ChatEnding {
  if (finishReason === 'length') return { finishReason: 'length', matchedStop: -1 };
  return { finishReason: 'stop', matchedStop: Number.isInteger(matchedStop) ? (matchedStop as number) : -1 };
}

/** A non-streamed `chat.completion`. */
export function readCompletion(json: unknown, context: UpstreamContext): ChatCompletion {
  if (errorOf(json) !== undefined) throw reportedFailure(JSON.stringify(json), context);
  const choice = firstChoice(json, context);
  const message = asRecord(choice?.message);
  if (!choice || !message) throw malformedAnswer('completion without choices[0].message', context);
  // A refusal (structured outputs) is the answer the model gave; say it rather than answer nothing.
  const content = textOf(message.content) ?? textOf(message.refusal) ?? '';
  return { content, ...mapEnding(choice.finish_reason, stopTokenOf(choice)) };
}

/** One `chat.completion.chunk` of a stream; chunks without choices (usage) carry nothing. */
export function readChunk(data: string, context: UpstreamContext): ChatChunk {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw malformedAnswer(`stream event is not JSON: ${data.slice(0, 200)}`, context);
  }
  if (errorOf(json) !== undefined) return { content: '', error: data };
  const choice = firstChoice(json, context);
  if (!choice) return { content: '' };
  const delta = asRecord(choice.delta);
  const content = textOf(delta?.content) ?? textOf(delta?.refusal) ?? '';
  const finished = choice.finish_reason !== null && choice.finish_reason !== undefined;
  return finished ? { content, ending: mapEnding(choice.finish_reason, stopTokenOf(choice)) } : { content };
}

function stopTokenOf(choice: Record<string, unknown>): unknown {
  return choice.matched_stop ?? choice.stop_reason;
}

function firstChoice(json: unknown, context: UpstreamContext): Record<string, unknown> | undefined {
  const record = asRecord(json);
  if (!record) throw malformedAnswer('answer is not a JSON object', context);
  if (!Array.isArray(record.choices)) throw malformedAnswer('answer without a choices array', context);
  return asRecord(record.choices[0]);
}

function errorOf(json: unknown): unknown {
  const error = asRecord(json)?.error;
  return error === null ? undefined : error;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
