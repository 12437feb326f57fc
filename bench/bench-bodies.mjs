// Shared by the benchmarks that send the platform a chat: the same small support question, so
// their figures are of the same request; the hostile 3 MB create; and a request that cycles
// through many bodies.

/** A small plain chat with an inline agent (JSON text), with `extra` fields (`{ stream: true }`). */
export const supportChat = (extra = {}) =>
  JSON.stringify({
    name: 'Support triage',
    description: 'Answers first-line support questions.',
    instruction: 'Answer politely.',
    intents: ['refund', 'delivery status'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel? It was due on Monday.' }] },
    ...extra,
  });

/**
 * A create body of 3 MB, as costly to parse as the contract lets a body be (just under its 100,000
 * values); answered 400 (more tools than the contract allows) once parsed.
 */
export const bigCreateBody = () =>
  JSON.stringify({
    name: 'a',
    instruction: 'b',
    tools: Array.from({ length: 49_995 }, () => ({ k: 'x'.repeat(55) })),
  });

/** An autocannon request that sends `bodies` in turn, one a request. */
export function cyclingRequest(bodies) {
  let next = 0;
  return {
    setupRequest: (request) => {
      request.body = bodies[next++ % bodies.length];
      return request;
    },
  };
}
