/**
 * A chat streamed through the balancer arrives as the instance writes it: paced by
 * `Prefer: tps=2`, its events reach the client over seconds, not all at once at the end.
 */
import { testChatBody } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { deploy } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';
import { auth, json } from './load.js';

const haproxy = haproxyForSuite('balancer: paced streams');

describe.skipIf(haproxy === undefined)('a chat stream through the balancer', () => {
  it('arrives paced, event by event, and complete', { timeout: 120_000 }, async () => {
    const { balancer } = await deploy(haproxy as string, 2);
    const answer = await fetch(`${balancer.origin}/v1/agents/chat/request`, {
      method: 'POST',
      headers: { ...auth, ...json, prefer: 'tps=2' },
      body: JSON.stringify(testChatBody({ stream: true, max_tokens: 12 })),
    });
    expect(answer.status).toBe(200);
    const arrivals: number[] = [];
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of answer.body as ReadableStream<Uint8Array>) {
      const part = decoder.decode(chunk, { stream: true });
      for (let events = part.split('\n\n').length - 1; events > 0; events--) arrivals.push(performance.now());
      text += part;
    }
    expect(text).toMatch(/data: \[DONE\]\n\n$/);
    // At 2 events a second, 6 or more events span 2.5 s or more: buffered, they would come together.
    expect(arrivals.length).toBeGreaterThanOrEqual(6);
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThan(2000);
  });
});
