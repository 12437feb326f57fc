/**
 * What the client is told when the upstream rejects a request (a 4xx other than 429 and the
 * operator's mistakes). The upstream's own words can carry its chat template, context size, model
 * names or file paths, so they only go to the log; the client gets one fixed message per kind of
 * rejection we recognise, pointing at the part of its request it can change.
 */
import type { ValidationIssue } from '@assistant-platform/types';

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

// Tested in order: a context error names max_tokens, and an image error names a parameter.
const CONTEXT_TOO_LONG =
  /context[ _-]?(?:length|window|size)|exceed_context|maximum context|(?:prompt|input|context) (?:is )?too (?:long|large)|too many tokens|batch size/i;
const IMAGES_UNSUPPORTED = /image|multimodal|multi-modal|vision|mmproj/i;
const PARAMETER_UNSUPPORTED =
  /not supported|unsupported|unrecognized|unknown (?:field|parameter|argument)|extra (?:inputs|fields)|not permitted|invalid parameter/i;

/** `upstreamText` is the upstream's error body (reason, type and code alike), never shown to the client. */
export function rejectionIssue(kind: 'chat' | 'embeddings', upstreamText: string): ValidationIssue {
  if (CONTEXT_TOO_LONG.test(upstreamText)) {
    return kind === 'chat'
      ? { path: '/message', message: "the conversation is longer than the model's context window" }
      : { path: '/sentences', message: 'a sentence is longer than the model server can embed at once' };
  }
  if (kind === 'chat' && IMAGES_UNSUPPORTED.test(upstreamText)) {
    return { path: '/message/content', message: 'the model does not accept images' };
  }
  if (PARAMETER_UNSUPPORTED.test(upstreamText)) {
    const named = Object.keys(SENT_PARAMETERS).find((name) => upstreamText.includes(name));
    return {
      path: named ? (SENT_PARAMETERS[named] as string) : '',
      message: 'a parameter is not supported by the model server',
    };
  }
  return { path: '', message: 'the model server rejected the request' };
}
