import type { JournalEntry } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();

/** The header's metrics by name, each with its duration; fails on anything W3C's grammar refuses. */
function metricsOf(header: unknown): Map<string, number> {
  expect(typeof header).toBe('string');
  const metrics = new Map<string, number>();
  for (const metric of (header as string).split(', ')) {
    const match = /^([a-z]+)(?:;desc="[a-z ]+")?;dur=(\d+\.\d{3})$/.exec(metric);
    expect(match, `metric ${metric}`).not.toBeNull();
    metrics.set(match?.[1] as string, Number(match?.[2]));
  }
  return metrics;
}

/** Each stage took no longer than the whole, and together they fit in it. */
function expectWithinTotal(metrics: Map<string, number>) {
  const total = metrics.get('total') as number;
  let stages = 0;
  for (const [name, duration] of metrics) if (name !== 'total') stages += duration;
  // Rounded to the microsecond each.
  expect(stages).toBeLessThanOrEqual(total + 0.001 * metrics.size);
}

describe('Server-Timing on the operations’ answers', () => {
  it('names the token, database and total of a read', async () => {
    const answer = await app().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
    expect(answer.statusCode).toBe(200);
    const metrics = metricsOf(answer.headers['server-timing']);
    expect([...metrics.keys()]).toEqual(['auth', 'db', 'total']);
    expectWithinTotal(metrics);
  });

  it('names the database of a create and the engine of a chat, streamed or not, and of embeddings', async () => {
    const created = await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'Timed', instruction: 'Answer briefly.' },
    });
    expect(created.statusCode).toBe(201);
    expect([...metricsOf(created.headers['server-timing']).keys()]).toEqual(['auth', 'db', 'total']);

    for (const stream of [false, true]) {
      const chat = await app().inject({
        method: 'POST',
        url: '/v1/agents/chat/request',
        headers: auth(TEST_TOKENS.all),
        payload: { ...testChatBody(), stream },
      });
      expect(chat.statusCode).toBe(200);
      const metrics = metricsOf(chat.headers['server-timing']);
      expect([...metrics.keys()], `stream: ${stream}`).toEqual(['auth', 'db', 'engine', 'total']);
      expectWithinTotal(metrics);
    }

    const embedded = await app().inject({
      method: 'POST',
      url: '/v1/vectors/embedding',
      headers: auth(TEST_TOKENS.embeddings),
      payload: { sentences: ['Where is my parcel?'] },
    });
    expect(embedded.statusCode).toBe(200);
    expect([...metricsOf(embedded.headers['server-timing']).keys()]).toEqual(['auth', 'engine', 'total']);
  });

  it('has only the total on a request refused before its token was looked up, and none off the operations', async () => {
    const refused = await app().inject({ url: '/v1/agents/view/1' });
    expect(refused.statusCode).toBe(401);
    expect([...metricsOf(refused.headers['server-timing']).keys()]).toEqual(['total']);
    expect((await app().inject({ url: '/healthz' })).headers['server-timing']).toBeUndefined();
    const admin = await app().inject({ url: '/_admin/requests', headers: auth(TEST_TOKENS.operator) });
    expect(admin.headers['server-timing']).toBeUndefined();
  });

  it('is kept in the journal with the answer’s headers, where the console shows it', async () => {
    const answer = await app().inject({
      url: '/v1/agents/view/1',
      headers: { ...auth(TEST_TOKENS.all), 'x-request-id': 'timed-in-journal' },
    });
    const listed = await app().inject({
      url: '/_admin/requests?path=/v1/agents/view/1',
      headers: auth(TEST_TOKENS.operator),
    });
    const entries: JournalEntry[] = listed.json().data.requests;
    const entry = entries.find((each) => each.requestId === 'timed-in-journal');
    expect(entry?.responseHeaders['server-timing']).toBe(answer.headers['server-timing']);
  });
});
