/**
 * Who is to blame when the upstream fails, read from its status and its error text (body, `type`
 * and `code` alike), never shown to the client: its words can carry its chat template, context
 * size, model names or file paths. The client gets one fixed issue per cause it can act on.
 *
 * The status alone does not say whose fault it is. llama.cpp answers an image sent to a text-only
 * model and an embeddings input longer than its batch with a 500, yet the client can fix both; and
 * it answers its own failure to build a grammar from a schema with a 400, which no client can fix.
 * So known causes are recognised in any status, and what is left keeps the status's meaning: a 4xx
 * is a rejected request (400), a 5xx the model server's failure (500).
 */
import type { ValidationIssue } from '@assistant-platform/types';

export type UpstreamVerdict =
  | { blame: 'client'; issue: ValidationIssue }
  | { blame: 'upstream'; cause: string };

/** Request fields the adapter sends under a name of the upstream's, keyed by that name. */
const SENT_PARAMETERS: Record<string, string> = {
  temperature: '/temperature',
  top_p: '/top_p',
  frequency_penalty: '/frequency_penalty',
  presence_penalty: '/presence_penalty',
  seed: '/seed',
  max_tokens: '/max_tokens',
  reasoning_effort: '/reasoning/effort',
  response_format: '/response_format',
};

/**
 * The model server's own machinery failing, whatever status it chose: building a grammar from the
 * schema (llama.cpp's "Failed to parse grammar", Ollama's "Failed to initialize samplers", vLLM's
 * xgrammar), applying its chat template (the adapter arranges turns for strict templates, so a
 * refusal is not the client's), running out of memory, or its engine dying.
 */
const UPSTREAM_OWN =
  /grammar|sampler|chat[ _-]?template|jinja|roles must alternate|raise_exception|out of memory|\bOOM\b|cuda error|engine ?dead|engine ?core|llama_decode|failed to decode|segmentation fault|model (?:has )?crashed|model runner|unexpectedly stopped/i;
/** Context or batch exceeded (llama.cpp, vLLM, SGLang, Ollama, OpenAI's `context_length_exceeded`). */
const CONTEXT_TOO_LONG =
  /context[ _-]?(?:length|window|size)|exceed_context|maximum context|max context|(?:prompt|input|context|request) (?:\(\d+ tokens\) )?(?:is )?too (?:long|large)|too many tokens|physical batch size|longer than the (?:model|maximum)|input length exceeds/i;
const IMAGE_UNREADABLE =
  /(?:load|download|decode|read|open|fetch)(?:ing)? (?:the |an? )?image|invalid image|image (?:url|data) (?:is )?invalid|invalid url format/i;
const IMAGES_UNSUPPORTED = /image|multi-?modal|vision|mmproj|not a multimodal/i;
const PARAMETER_UNSUPPORTED =
  /not supported|unsupported|unrecognized|unknown (?:field|parameter|argument)|extra (?:inputs|fields)|not permitted|invalid parameter/i;

/** What was asked: images are only blamed when the request carried some. */
export interface AskedFor {
  kind: 'chat' | 'embeddings';
  images: boolean;
}

/** `status` is the upstream's HTTP status, or the `code` of an error it reported in a stream. */
export function judgeUpstreamFailure(asked: AskedFor, status: number, upstreamText: string): UpstreamVerdict {
  const { kind } = asked;
  if (UPSTREAM_OWN.test(upstreamText)) return { blame: 'upstream', cause: 'its own failure' };
  if (CONTEXT_TOO_LONG.test(upstreamText)) {
    const issue =
      kind === 'chat'
        ? { path: '/message', message: "the conversation is longer than the model's context window" }
        : { path: '/sentences', message: 'a sentence is longer than the model server can embed at once' };
    return { blame: 'client', issue };
  }
  if (asked.images && IMAGE_UNREADABLE.test(upstreamText)) {
    return {
      blame: 'client',
      issue: { path: '/message/content', message: 'the model server could not read an image' },
    };
  }
  if (asked.images && IMAGES_UNSUPPORTED.test(upstreamText)) {
    return {
      blame: 'client',
      issue: { path: '/message/content', message: 'the model does not accept images' },
    };
  }
  if (status >= 500) return { blame: 'upstream', cause: `HTTP ${status}` };
  if (PARAMETER_UNSUPPORTED.test(upstreamText)) {
    const named = Object.keys(SENT_PARAMETERS).find((name) => upstreamText.includes(name));
    return {
      blame: 'client',
      issue: {
        path: named ? (SENT_PARAMETERS[named] as string) : '',
        message: 'a parameter is not supported by the model server',
      },
    };
  }
  return { blame: 'client', issue: { path: '', message: 'the model server rejected the request' } };
}
