// Shared by the benchmarks that send the platform a chat: the same small support question, so
// their figures are of the same request; and a request that cycles through many bodies.

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
