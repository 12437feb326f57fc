/**
 * A chat engine that answers what a test scripted (the reference server's chat fixtures) instead of
 * computing an answer: the text is cut into the same token pieces the reference engine streams, and
 * cut at `max_tokens` the same way. A `json` answer is sent as its JSON text, and must be valid
 * against the request's `response_format` schema by the structured generator's own definition of
 * valid (Ajv), so a fixture can never make the server break what structured output promises.
 */
import type { FinishReason } from '@assistant-platform/types';
import { THIS_THREAD_PATTERNS, validatorsFor } from '../reference-chat/structured/schema-validators.js';
import { assertSupportedSchema } from '../reference-chat/structured/structured-answer.js';
import { END_OF_SEQUENCE_TOKEN_ID, loadTokenizer, splitAnswer } from '../reference-chat/tokens.js';
import { type ChatEngine, type ChatEngineRequest, type ChatStreamEvent, EngineError } from '../types.js';

/** What a script answers: text, or a JSON value sent as its text. */
export interface ScriptedAnswer {
  content?: string;
  json?: unknown;
  finishReason?: FinishReason;
}

interface Planned {
  pieces: string[];
  finishReason: FinishReason;
  matchedStop: number;
}

const SCHEMA_PATH = '/response_format/json_schema/schema';

function textOf(answer: ScriptedAnswer, request: ChatEngineRequest): string {
  if (answer.json === undefined) return answer.content ?? '';
  const schema = request.response_format?.json_schema.schema;
  if (schema !== undefined) {
    const { root } = validatorsFor(assertSupportedSchema(schema), THIS_THREAD_PATTERNS);
    if (!root(answer.json)) {
      const [first] = root.errors ?? [];
      throw new EngineError(400, 'Invalid input provided', {
        issues: [
          {
            path: SCHEMA_PATH,
            message: `the scripted answer is not valid against this schema (${first?.instancePath || '/'} ${first?.message ?? 'is invalid'})`,
          },
        ],
      });
    }
  }
  return JSON.stringify(answer.json);
}

async function plan(answer: ScriptedAnswer, request: ChatEngineRequest): Promise<Planned> {
  const text = textOf(answer, request);
  await loadTokenizer();
  const { pieces, cut } = splitAnswer(text, request.max_tokens);
  const finishReason = cut ? 'length' : (answer.finishReason ?? 'stop');
  return { pieces, finishReason, matchedStop: finishReason === 'stop' ? END_OF_SEQUENCE_TOKEN_ID : -1 };
}

export function createScriptedChatEngine(answer: ScriptedAnswer): ChatEngine {
  return {
    models: [],
    async complete(request) {
      const planned = await plan(answer, request);
      return {
        content: planned.pieces.join(''),
        finishReason: planned.finishReason,
        matchedStop: planned.matchedStop,
      };
    },
    async stream(request, options) {
      const planned = await plan(answer, request);
      return (async function* (): AsyncGenerator<ChatStreamEvent> {
        for (const content of planned.pieces) {
          if (options.signal.aborted) return;
          yield { type: 'delta', content };
        }
        yield { type: 'end', finishReason: planned.finishReason, matchedStop: planned.matchedStop };
      })();
    },
  };
}
