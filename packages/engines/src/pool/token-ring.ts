/**
 * One account's waiting tasks, by token: `shift` takes the oldest task of the token whose turn it is
 * (turn-order.ts), so one token's backlog does not delay the account's other tokens behind all of it.
 * A token keeps its place in the turns while it has tasks waiting or running (`finished` says one
 * ended), so one whose first task went straight to a worker is not a newcomer for its second.
 */
import { TurnOrder } from './turn-order.js';

export class TokenRing<T> {
  private readonly byToken = new Map<string, T[]>();
  private readonly running = new Map<string, number>();
  private readonly turns = new TurnOrder();
  private count = 0;

  get size(): number {
    return this.count;
  }

  sizeOf(token: string): number {
    return this.byToken.get(token)?.length ?? 0;
  }

  push(token: string, item: T): void {
    const items = this.byToken.get(token);
    if (items) items.push(item);
    else {
      this.byToken.set(token, [item]);
      this.turns.join(token);
    }
    this.count++;
  }

  shift(): T | undefined {
    const token = this.turns.next((key) => this.byToken.has(key));
    if (token === undefined) return undefined;
    const items = this.byToken.get(token) as T[];
    const item = items.shift() as T;
    this.count--;
    this.turns.serve(token);
    this.running.set(token, (this.running.get(token) ?? 0) + 1);
    if (items.length === 0) this.byToken.delete(token);
    return item;
  }

  /** A task `shift` gave out has ended. */
  finished(token: string): void {
    const running = (this.running.get(token) ?? 1) - 1;
    if (running > 0) this.running.set(token, running);
    else {
      this.running.delete(token);
      if (!this.byToken.has(token)) this.turns.leave(token);
    }
  }

  /** Takes an item out wherever it waits; false when it was not waiting. */
  remove(token: string, item: T): boolean {
    const items = this.byToken.get(token);
    const at = items?.indexOf(item) ?? -1;
    if (!items || at < 0) return false;
    items.splice(at, 1);
    this.count--;
    if (items.length === 0) {
      this.byToken.delete(token);
      if (!this.running.has(token)) this.turns.leave(token);
    }
    return true;
  }

  /** Empties the ring, returning every item. */
  drain(): T[] {
    const items = [...this.byToken.values()].flat();
    for (const token of this.byToken.keys()) if (!this.running.has(token)) this.turns.leave(token);
    this.byToken.clear();
    this.count = 0;
    return items;
  }
}
