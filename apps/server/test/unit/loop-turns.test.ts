/**
 * The event loop's turns: while a turn has time left requests go on at once; once one account's
 * backlog has used it, the others' requests go on next, in rotation, not behind all of the backlog.
 * The clock is the test's: each request "takes" the milliseconds it says.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../../src/pipeline/loop-turns.js';

const BUDGET_MS = 2;

function turnsWithClock() {
  let clock = 0;
  const order: string[] = [];
  const errors: unknown[] = [];
  const turns = new LoopTurns(
    (error) => errors.push(error),
    BUDGET_MS,
    () => clock,
  );
  /** A request of `account` (by `token`) whose operation takes `ms`. */
  const enter = (account: string, token: string, name: string, ms = 1) =>
    turns.enter(
      () => ({ account, token }),
      () => {
        order.push(name);
        clock += ms;
      },
    );
  return { turns, order, errors, enter };
}

/** Until nothing waits (each turn is one pass of the loop). */
async function settle(turns: LoopTurns) {
  for (let i = 0; i < 100 && turns.size > 0; i++) await nextTurn();
}

describe('turns on the event loop', () => {
  it('let requests go on at once while the turn has time left', () => {
    const { turns, order, enter } = turnsWithClock();
    enter('a', 'a1', 'A1', 0.5);
    enter('b', 'b1', 'B1', 0.5);
    enter('a', 'a1', 'A2', 0.5);
    expect(order).toEqual(['A1', 'B1', 'A2']);
    expect(turns.size).toBe(0);
  });

  it('put another account’s request ahead of the rest of a backlog once the turn’s time is used', async () => {
    const { turns, order, enter } = turnsWithClock();
    for (let i = 1; i <= 6; i++) enter('a', 'a1', `A${i}`);
    enter('b', 'b1', 'B1');
    // A1 and A2 used the turn's 2 ms: the rest waits, B behind A's waiting ones.
    expect(order).toEqual(['A1', 'A2']);
    expect(turns.size).toBe(5);

    await nextTurn();
    // The next turn lets them go one per account in rotation: B after one of A's, not after four.
    expect(order).toEqual(['A1', 'A2', 'A3', 'B1']);
    await settle(turns);
    expect(order).toEqual(['A1', 'A2', 'A3', 'B1', 'A4', 'A5', 'A6']);
  });

  it('let a request wait while others wait, even with time left in the turn', async () => {
    const { turns, order, enter } = turnsWithClock();
    enter('a', 'a1', 'A1', 3);
    enter('a', 'a1', 'A2', 0.1);
    enter('b', 'b1', 'B1', 0.1);
    expect(order).toEqual(['A1']);
    await nextTurn();
    expect(order).toEqual(['A1', 'A2', 'B1']);
    // A new turn with nothing waiting: at once again.
    enter('b', 'b1', 'B2', 0.1);
    expect(order).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(turns.size).toBe(0);
  });

  it('serve an account’s tokens in turn, and keep each token’s order', async () => {
    const { turns, order, enter } = turnsWithClock();
    enter('a', 'a1', 'A1', 2);
    for (const name of ['A2', 'A3', 'A4']) enter('a', 'a1', name, 2);
    enter('a', 'a2', 'X1', 2);
    enter('a', 'a2', 'X2', 2);
    await settle(turns);
    // Each later turn has time for one: token a2 is not left behind all of token a1's backlog.
    expect(order).toEqual(['A1', 'A2', 'X1', 'A3', 'X2', 'A4']);
  });

  it('go on with the others when one request throws on its turn, and report the error', async () => {
    const { turns, order, errors, enter } = turnsWithClock();
    enter('a', 'a1', 'A1', 5);
    turns.enter(
      () => ({ account: 'a', token: 'a1' }),
      () => {
        throw new Error('boom');
      },
    );
    enter('b', 'b1', 'B1', 0.1);
    await settle(turns);
    expect(order).toEqual(['A1', 'B1']);
    expect(errors).toEqual([new Error('boom')]);
  });
});
