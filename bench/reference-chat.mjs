#!/usr/bin/env node
/**
 * Latency of the reference chat engine in-process: a typical plain request (the contract's "full"
 * example without a schema), the same at `reasoning.effort: high`, a structured request with the
 * contract's triage schema, and a larger structured schema (nested objects, arrays, formats,
 * patterns, oneOf, $ref). Each is answered ROUNDS times after a warm-up; prints mean, p50 and p95 in ms (the
 * mean includes the process's rare major GC pauses, which the tokenizer's large tables make longer).
 * Also prints the one-off cost of loading the engine (the tokenizer's encoding loads at import).
 * Build first: `pnpm --filter @assistant-platform/engines build`, then `node bench/reference-chat.mjs`.
 * Goal: a typical request in a few milliseconds.
 */
const started = performance.now();
const { createLocalEmbeddingEngine } = await import('../packages/engines/dist/local-embeddings/index.js');
const { createReferenceChatEngine } = await import('../packages/engines/dist/reference-chat/index.js');
const loadMs = performance.now() - started;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const engine = createReferenceChatEngine({ embeddings: createLocalEmbeddingEngine() });
const options = { signal: new AbortController().signal, requestId: 'bench' };

const base = {
  model: 'svc-v1-blaze-20250318',
  name: 'Support triage',
  description: 'Answers first-line support questions.',
  instruction: 'Answer politely.',
  intents: ['refund', 'delivery status'],
  message: {
    role: 'user',
    content: [
      { type: 'text', text: 'Is this the damaged item?' },
      { type: 'image_url', image_url: { url: 'https://images.example.org/parcel.jpg' } },
    ],
  },
  memoryChat: [
    { role: 'user', content: [{ type: 'text', text: 'My order A-1001 arrived broken.' }] },
    {
      role: 'assistant',
      content: [{ type: 'text', text: 'I am sorry to hear that. Could you send a photo?' }],
    },
  ],
  handoffAgents: [],
  temperature: 0.1,
  top_p: 0.95,
  max_tokens: 4096,
  frequency_penalty: 0.3,
  presence_penalty: 0.3,
  seed: 2024,
  reasoning: { effort: 'low' },
};
const schema = (s) => ({
  response_format: { type: 'json_schema', json_schema: { name: 'bench', schema: s } },
});
const triage = {
  type: 'object',
  properties: {
    summary: { type: 'string' },
    sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
  },
  required: ['summary', 'sentiment'],
  additionalProperties: false,
};
const large = {
  type: 'object',
  $defs: {
    address: {
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
      required: ['city', 'zip'],
    },
  },
  properties: {
    id: { type: 'string', format: 'uuid' },
    createdAt: { type: 'string', format: 'date-time' },
    customer: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        home: { $ref: '#/$defs/address' },
      },
      required: ['name', 'email', 'home'],
    },
    lines: {
      type: 'array',
      minItems: 3,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', pattern: '^SKU-[0-9]{5}$' },
          qty: { type: 'integer', minimum: 1, maximum: 9 },
          price: { type: 'number', multipleOf: 0.01, minimum: 0 },
        },
        required: ['sku', 'qty', 'price'],
      },
    },
    status: { oneOf: [{ const: 'open' }, { const: 'closed' }, { type: 'null' }] },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
  required: ['id', 'createdAt', 'customer', 'lines', 'status', 'tags'],
};

const cases = [
  ['plain, effort low', base],
  [
    'plain, effort high, 2 hand-off agents',
    {
      ...base,
      reasoning: { effort: 'high' },
      handoffAgents: [
        {
          id: 2,
          agentReferenceId: 'a',
          name: 'Refunds',
          description: 'Refunds and returns.',
          instruction: '',
          intents: ['refund'],
        },
        {
          id: 3,
          agentReferenceId: 'b',
          name: 'Tracking',
          description: 'Parcel tracking.',
          instruction: '',
          intents: ['delivery status'],
        },
      ],
    },
  ],
  ['structured, triage schema', { ...base, ...schema(triage) }],
  ['structured, large schema', { ...base, ...schema(large) }],
];

console.log(`engine load (tokenizer encoding + modules): ${loadMs.toFixed(0)} ms, once per process`);
for (const [label, request] of cases) {
  for (let i = 0; i < 20; i++) await engine.complete({ ...request, seed: i }, options);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await engine.complete({ ...request, seed: i }, options);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p50 = times[Math.floor(times.length * 0.5)];
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(
    `${label.padEnd(40)} mean ${mean.toFixed(2)} ms   p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   (${ROUNDS} requests)`,
  );
}
