/**
 * The event loop's turns: one account's backlog of parsed requests goes on one per turn, so another
 * account's request goes on at once, or after at most one request of each account with a backlog.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../../src/pipeline/loop-turns.js';

function recorder() {
  const order: string[] = [];
  const errors: unknown[] = [];
  const turns = new LoopTurns((error) => errors.push(error));
  const enter = (account: string, token: string, name: string) =>
    turns.enter(account, token, () => order.push(name));
  return { turns, order, errors, enter };
}

/** Until nothing waits (each turn is one pass of the loop). */
async function settle(turns: LoopTurns) {
  for (let i = 0; i < 100 && turns.size > 0; i++) await nextTurn();
  await nextTurn();
}

describe('turns on the event loop', () => {
  it('let a request go on at once when its account has not gone on in this turn', () => {
    const { turns, order, enter } = recorder();
    enter('a', 'a1', 'A1');
    enter('b', 'b1', 'B1');
    expect(order).toEqual(['A1', 'B1']);
    expect(turns.size).toBe(0);
  });

  it('put an account’s backlog behind another account’s request that came after it', async () => {
    const { turns, order, enter } = recorder();
    for (let i = 1; i <= 4; i++) enter('a', 'a1', `A${i}`);
    enter('b', 'b1', 'B1');
    expect(order).toEqual(['A1', 'B1']);
    expect(turns.size).toBe(3);

    await nextTurn();
    // A new turn lets A's next one go; B, arriving in this turn with nothing waiting, goes at once.
    enter('b', 'b1', 'B2');
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2']);
    await settle(turns);
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'A4']);
  });

  it('serve every waiting account once per turn, and an account’s tokens in turn', async () => {
    const { turns, order, enter } = recorder();
    for (const name of ['A1', 'A2', 'A3', 'A4']) enter('a', 'a1', name);
    enter('a', 'a2', 'A-other');
    for (const name of ['B1', 'B2', 'B3']) enter('b', 'b1', name);
    expect(order).toEqual(['A1', 'B1']);

    await nextTurn();
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2']);
    await nextTurn();
    // Token a2's one request is not left behind all of token a1's backlog.
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2', 'A-other', 'B3']);
    await settle(turns);
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2', 'A-other', 'B3', 'A3', 'A4']);
  });

  it('keep one request’s order inside a token', async () => {
    const { turns, order, enter } = recorder();
    for (let i = 1; i <= 6; i++) enter('a', 'a1', `A${i}`);
    await settle(turns);
    expect(order).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
  });

  it('go on with the others when one request throws on its turn, and report the error', async () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    const turns = new LoopTurns((error) => errors.push(error));
    turns.enter('a', 'a1', () => order.push('A1'));
    turns.enter('a', 'a1', () => {
      throw new Error('boom');
    });
    turns.enter('b', 'b1', () => order.push('B1'));
    turns.enter('b', 'b1', () => order.push('B2'));
    await settle(turns);
    expect(order).toEqual(['A1', 'B1', 'B2']);
    expect(errors).toEqual([new Error('boom')]);
  });
});
