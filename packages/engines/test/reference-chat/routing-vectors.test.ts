import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';
import { agentProfile, route } from '../../src/reference-chat/routing.js';
import type { EmbeddingEngine, HandoffAgent } from '../../src/types.js';

const options = () => ({ signal: new AbortController().signal, requestId: 'routing-test' });

/** The local engine, recording the sentences of every embed call it gets. */
function recordingEngine() {
  const local = createLocalEmbeddingEngine();
  const asked: string[][] = [];
  const engine: EmbeddingEngine = {
    embed(request, callOptions) {
      asked.push([...request.sentences]);
      return local.embed(request, callOptions);
    },
  };
  return { engine, asked };
}

const tracking: HandoffAgent = {
  id: 3,
  agentReferenceId: '00000000-0000-4000-8000-000000000003',
  name: 'Parcel tracking',
  instruction: 'Track parcels.',
  description: 'Tracks parcels, deliveries and shipping delays.',
  intents: ['delivery status', 'tracking'],
};
const refunds: HandoffAgent = {
  id: 2,
  agentReferenceId: '00000000-0000-4000-8000-000000000002',
  name: 'Refunds desk',
  instruction: 'Handle refunds.',
  description: 'Handles refunds and money back.',
  intents: ['refund'],
};

describe("routing keeps the intents' and hand-off agents' vectors", () => {
  it('embeds an agent’s intents and profiles once, and routes as if it embedded them every time', async () => {
    const { engine, asked } = recordingEngine();
    const fresh = createLocalEmbeddingEngine();
    const messages = [
      'Where is my parcel? It was due on Monday.',
      'I want my money back for the broken lamp.',
      'Can you check the delivery status of order A-1001?',
    ];
    for (const message of messages) {
      const kept = await route(
        engine,
        message,
        ['refund', 'delivery status'],
        [tracking, refunds],
        options(),
      );
      // A new engine has nothing kept: every vector made for this request alone.
      const made = await route(fresh, message, ['refund', 'delivery status'], [tracking, refunds], options());
      expect(kept).toEqual(made);
      // A fresh engine per message would route the same way.
      expect(kept).toEqual(
        await route(
          createLocalEmbeddingEngine(),
          message,
          ['refund', 'delivery status'],
          [tracking, refunds],
          options(),
        ),
      );
    }
    expect(asked).toEqual([
      [messages[0], 'refund', 'delivery status', agentProfile(tracking), agentProfile(refunds)],
      [messages[1]],
      [messages[2]],
    ]);
  });

  it('embeds only the intents it has not seen, and always the message', async () => {
    const { engine, asked } = recordingEngine();
    await route(engine, 'refund please', ['refund'], [], options());
    const routing = await route(engine, 'refund please', ['refund', 'exchange'], [], options());
    expect(asked).toEqual([
      ['refund please', 'refund'],
      ['refund please', 'exchange'],
    ]);
    expect(routing.intent?.item).toBe('refund');
  });

  it('keeps a bounded number of short sentences: long ones and those past the bound are embedded again', async () => {
    const { engine, asked } = recordingEngine();
    const long = `delivery ${'status '.repeat(100)}`.trim();
    await route(engine, 'where is it', [long], [], options());
    await route(engine, 'where is it now', [long], [], options());
    expect(asked[1]).toEqual(['where is it now', long]);

    // 64 kept vectors an account is the bound: the 65th new intent empties them first.
    asked.length = 0;
    await route(engine, 'first', ['intent 0'], [], options());
    for (let i = 1; i <= 64; i++) await route(engine, 'next', [`intent ${i}`], [], options());
    await route(engine, 'again', ['intent 0'], [], options());
    expect(asked.at(-1)).toEqual(['again', 'intent 0']);
    // One kept since the emptying is still kept.
    await route(engine, 'again', ['intent 64'], [], options());
    expect(asked.at(-1)).toEqual(['again']);
  });

  it("keeps each account's vectors apart: one account's intents never answer or evict another's", async () => {
    const { engine, asked } = recordingEngine();
    const of = (account: string) => ({ ...options(), tenant: { account, token: `${account}-token` } });
    await route(engine, 'refund please', ['refund'], [], of('1'));
    await route(engine, 'refund please', ['refund'], [], of('2'));
    expect(asked).toEqual([
      ['refund please', 'refund'],
      ['refund please', 'refund'],
    ]);
    // Account 2 fills and empties its own kept vectors many times over; account 1's stay.
    for (let i = 0; i < 200; i++) await route(engine, 'next', [`intent ${i}`], [], of('2'));
    asked.length = 0;
    await route(engine, 'refund again', ['refund'], [], of('1'));
    expect(asked).toEqual([['refund again']]);
  });

  it('keeps vectors per embedding engine', async () => {
    const first = recordingEngine();
    const second = recordingEngine();
    await route(first.engine, 'refund please', ['refund'], [], options());
    await route(second.engine, 'refund please', ['refund'], [], options());
    expect(second.asked).toEqual([['refund please', 'refund']]);
  });
});
