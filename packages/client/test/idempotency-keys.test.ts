/** The `Idempotency-Key` the SDK sends: one per POST call, the same on every retry, the caller's own or none. */
import { describe, expect, it } from 'vitest';
import { createAssistantClient } from '../src/index.js';
import { json, ok, scriptedFetch } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const agent = { name: 'Support', instruction: 'Answer.' };
const unavailable = () =>
  json(503, { success: false, message: 'Service unavailable' }, { 'retry-after': '0' });
const keysSent = (fetch: ReturnType<typeof scriptedFetch>) =>
  fetch.sent.map((sent) => sent.headers.get('idempotency-key'));

describe('idempotency keys', () => {
  it('sends one random key per POST call, the same on each of its retries', async () => {
    const fetch = scriptedFetch(
      unavailable,
      unavailable,
      () => ok({ id: 1 }),
      () => ok({ id: 2 }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.create(agent);
    await sdk.agents.create(agent);
    const [first, second, third, fourth] = keysSent(fetch);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect([second, third]).toEqual([first, first]);
    expect(fourth).toMatch(/^[0-9a-f-]{36}$/);
    expect(fourth).not.toBe(first);
  });

  it("sends the caller's own key, or none when told so or when the call cannot be retried", async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.create(agent, { idempotencyKey: 'order-1001' });
    await sdk.agents.create(agent, { idempotencyKey: false });
    await sdk.agents.create(agent, { maxRetries: 0 });
    await sdk.agents.create(agent, { headers: { 'Idempotency-Key': 'from-headers' } });
    await sdk.embeddings.create(['a'], {}, { idempotencyKey: 'embed-1' });
    expect(keysSent(fetch)).toEqual(['order-1001', null, null, 'from-headers', 'embed-1']);
  });

  it('sends none on GET, PATCH or a streamed chat, nor on POSTs of a client that turned them off', async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.get(1);
    await sdk.transcriptions.update(7, 42, { filename: 'a', transcript: 'b' });
    const off = createAssistantClient({ baseUrl, token: 't', fetch, idempotencyKeys: false });
    await off.agents.create(agent);
    await off.agents.create(agent, { idempotencyKey: 'still-mine' });
    expect(keysSent(fetch)).toEqual([null, null, null, 'still-mine']);
  });

  it('shows the key to middleware, which sees the call once', async () => {
    const fetch = scriptedFetch(unavailable, () => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const seen: (string | null)[] = [];
    sdk.use({
      onRequest({ request }) {
        seen.push(request.headers.get('idempotency-key'));
      },
    });
    await sdk.raw.POST('/agents/create', { body: agent });
    expect(seen).toHaveLength(1);
    expect(keysSent(fetch)).toEqual([seen[0], seen[0]]);
  });
});
