/**
 * A streamed chat answer as a client reads it: the JSON of each `data:` event, whether the stream
 * ended with `data: [DONE]`, and the text its deltas add up to.
 */

/** An event's JSON: the tests read whichever fields they check. */
export type ChatChunk = Record<string, any>;

/** The JSON of each `data:` event, and whether the stream ended with [DONE]. */
export function parseChatEvents(text: string): { chunks: ChatChunk[]; done: boolean } {
  const datas = text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
  const done = datas.at(-1) === '[DONE]';
  // Only the last event may be [DONE]: one anywhere else fails to parse, as it should.
  return { chunks: (done ? datas.slice(0, -1) : datas).map((data) => JSON.parse(data)), done };
}

/** The text of a stream's deltas, joined: the same text as the answer sent whole. */
export const streamedContent = (chunks: readonly ChatChunk[]) =>
  chunks.map((chunk) => chunk.request[0].delta.content ?? '').join('');
