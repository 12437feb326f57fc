/**
 * The fault rules or chat fixtures an instance holds, by whose they are: an account's (applying to
 * its requests only) or operators' (`null`, applying to every request). Picking for a request walks
 * only the operators' list and its own account's, merged oldest first, so one account's hundred
 * rules never slow another account's requests, and the bound on how many are kept is per owner,
 * so one account cannot fill the list for all.
 */
import { type Reach, reaches } from '../contract/admin-stores.js';

/** What the list needs to know of an item. */
export interface Owned {
  id: number;
  accountId: number | null;
}

export class OwnedList<T> {
  private readonly lists = new Map<number | null, T[]>();

  constructor(private readonly keyOf: (item: T) => Owned) {}

  isEmpty(): boolean {
    return this.lists.size === 0;
  }

  /** How many items `accountId` (null: operators) holds. */
  countOf(accountId: number | null): number {
    return this.lists.get(accountId)?.length ?? 0;
  }

  /** Adds an item after its owner's (ids grow, so each list stays ordered by id). */
  add(item: T): void {
    const owner = this.keyOf(item).accountId;
    const list = this.lists.get(owner);
    if (list) list.push(item);
    else this.lists.set(owner, [item]);
  }

  /** The items within reach, by id. */
  within(reach: Reach): T[] {
    const found = reach === 'all' ? [...this.lists.values()].flat() : [...(this.lists.get(reach) ?? [])];
    return found.sort((a, b) => this.keyOf(a).id - this.keyOf(b).id);
  }

  find(id: number): T | undefined {
    for (const list of this.lists.values()) {
      const found = list.find((item) => this.keyOf(item).id === id);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Removes item `id` if it is within reach; the item, or undefined when there is none. */
  remove(id: number, reach: Reach = 'all'): T | undefined {
    const item = this.find(id);
    if (item === undefined || !reaches(reach, this.keyOf(item).accountId)) return undefined;
    const owner = this.keyOf(item).accountId;
    const rest = (this.lists.get(owner) ?? []).filter((each) => each !== item);
    if (rest.length === 0) this.lists.delete(owner);
    else this.lists.set(owner, rest);
    return item;
  }

  /** Removes the items within reach; answers how many. */
  clear(reach: Reach): number {
    if (reach === 'all') {
      const removed = this.within('all').length;
      this.lists.clear();
      return removed;
    }
    const removed = this.countOf(reach);
    this.lists.delete(reach);
    return removed;
  }

  /** The items that may apply to a request of `accountId`, oldest first. */
  *candidates(accountId: number | undefined): Generator<T> {
    const everyone = this.lists.get(null) ?? [];
    const own = accountId === undefined ? [] : (this.lists.get(accountId) ?? []);
    let i = 0;
    let j = 0;
    while (i < everyone.length || j < own.length) {
      const a = everyone[i];
      const b = own[j];
      if (b === undefined || (a !== undefined && this.keyOf(a).id < this.keyOf(b).id)) {
        i++;
        yield a as T;
      } else {
        j++;
        yield b;
      }
    }
  }
}
