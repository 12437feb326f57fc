import { describe, expect, test } from 'vitest';
import { agent, callOptions, engine, request } from './helpers.js';

const refunds = agent(2, 'Refunds desk', 'Handles refunds and money back for damaged or returned orders.', [
  'refund',
  'return',
]);
const tracking = agent(3, 'Parcel tracking', 'Tracks parcels, deliveries and shipping delays.', [
  'delivery status',
  'tracking',
]);

describe('answers grounded in the request', () => {
  test('names the intent closest to the message', async () => {
    const parcel = await engine.complete(
      request({}, 'Where is my parcel? The delivery status has not changed.'),
      callOptions(),
    );
    expect(parcel.content).toContain('"delivery status"');
    const refund = await engine.complete(
      request({}, 'I want a refund, please give my money back.'),
      callOptions(),
    );
    expect(refund.content).toContain('"refund"');
  });

  test('names the hand-off agent that best matches the message, and why', async () => {
    const agents = { handoffAgents: [refunds, tracking] };
    const money = await engine.complete(
      request(agents, 'I want my money back for the damaged order, a refund please.'),
      callOptions(),
    );
    expect(money.content).toContain('hand off to the agent "Refunds desk" (id 2)');
    expect(money.content).toContain('description');
    const parcel = await engine.complete(
      request(agents, 'Track my parcel, the delivery is delayed.'),
      callOptions(),
    );
    expect(parcel.content).toContain('hand off to the agent "Parcel tracking" (id 3)');
  });

  test('acknowledges images in the message', async () => {
    const answer = await engine.complete(
      request({
        message: {
          role: 'user',
          content: [
            { type: 'text', text: 'Is this the damaged item?' },
            { type: 'image_url', image_url: { url: 'https://images.example.org/parcel.jpg' } },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      }),
      callOptions(),
    );
    expect(answer.content).toContain('2 images (parcel.jpg, an inline png image)');
  });

  test('refers to earlier turns of memoryChat', async () => {
    const answer = await engine.complete(
      request({
        memoryChat: [
          { role: 'user', content: [{ type: 'text', text: 'My order A-1001 arrived broken.' }] },
          {
            role: 'assistant',
            content: [{ type: 'text', text: 'Sorry to hear that. Could you send a photo?' }],
          },
        ],
      }),
      callOptions(),
    );
    expect(answer.content).toContain('My order A-1001 arrived broken.');
  });

  test('uses the name, instruction and description of the agent', async () => {
    const answer = await engine.complete(
      request({
        reasoning: { effort: 'high' },
        name: 'Billing bot',
        instruction: 'Always quote the invoice number.',
      }),
      callOptions(),
    );
    expect(answer.content).toContain('Billing bot');
    expect(answer.content).toContain('Always quote the invoice number.');
    expect(answer.content).toContain('Answers first-line support questions.');
  });

  test('reasoning effort shapes the answer: one line at minimal, numbered steps at high', async () => {
    const lengths: number[] = [];
    for (const effort of ['minimal', 'low', 'medium', 'high'] as const) {
      const answer = await engine.complete(request({ reasoning: { effort } }), callOptions());
      lengths.push(answer.content.length);
      if (effort === 'minimal') expect(answer.content).not.toContain('\n');
      if (effort === 'high') expect(answer.content).toMatch(/^1\. .*\n2\. /m);
    }
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(new Set(lengths).size).toBe(4);
  });
});

describe('minimal effort stays grounded on one line', () => {
  const withImages = (count: number) => ({
    role: 'user' as const,
    content: [
      { type: 'text' as const, text: 'I want my money back for the damaged order, a refund please.' },
      ...Array.from({ length: count }, (_, i) => ({
        type: 'image_url' as const,
        image_url: { url: `https://images.example.org/photo-${i}.jpg` },
      })),
    ],
  });

  test('acknowledges the images and gives the hand-off with its reason', async () => {
    const answer = await engine.complete(
      request({
        reasoning: { effort: 'minimal' },
        handoffAgents: [refunds, tracking],
        message: withImages(1),
      }),
      callOptions(),
    );
    expect(answer.content).not.toContain('\n');
    expect(answer.content).toContain('Intent: "refund"');
    expect(answer.content).toContain('(1 image received)');
    expect(answer.content).toContain(
      'Hand-off: "Refunds desk" (id 2), as its description best matches the message.',
    );
  });

  test('counts several images, and says nothing of images or hand-off when there are none', async () => {
    const several = await engine.complete(
      request({ reasoning: { effort: 'minimal' }, message: withImages(3) }),
      callOptions(),
    );
    expect(several.content).toContain('(3 images received)');
    const plain = await engine.complete(request({ reasoning: { effort: 'minimal' } }), callOptions());
    expect(plain.content).not.toMatch(/image|Hand-off/);
  });
});

describe('hostile input', () => {
  test('a 100,000-character message without spaces is answered and quoted in short', async () => {
    const text = `${'a1'.repeat(50_000)}@example`;
    const answer = await engine.complete(request({ reasoning: { effort: 'high' } }, text), callOptions());
    expect(answer.finishReason).toBe('stop');
    expect(answer.content.length).toBeLessThan(5_000);
  });
});

describe('determinism', () => {
  test('the same request, seed included, always gives the same answer', async () => {
    const first = await engine.complete(request({ seed: 7 }), callOptions());
    const second = await engine.complete(request({ seed: 7 }), callOptions());
    expect(second).toEqual(first);
  });

  test('other seeds and sampling fields can change the wording', async () => {
    const answers = new Set<string>();
    for (let seed = 0; seed < 12; seed++)
      answers.add((await engine.complete(request({ seed }), callOptions())).content);
    expect(answers.size).toBeGreaterThan(1);
    const sampled = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const fields = {
        temperature: i / 6,
        top_p: 1 - i / 24,
        frequency_penalty: i / 10,
        presence_penalty: -i / 10,
      };
      sampled.add((await engine.complete(request(fields), callOptions())).content);
    }
    expect(sampled.size).toBeGreaterThan(1);
  });
});
