/**
 * Where the in-memory journal keeps its slots: a ring per account, so one account's requests never
 * push another's entries out. Each account (and the requests no token authenticated, as account 0)
 * keeps its newest `perAccount` entries; all of them together hold at most `total`, and a new entry
 * past that drops the oldest entry of the account holding the most (the recording one on a tie).
 * So an account loses entries to another's traffic only while it holds at least as many as that
 * one: each keeps min(`perAccount`, `total` ÷ accounts recording) whatever the others send, and the
 * memory is `total` slots whatever the number of accounts.
 *
 * Slots dropped or cleared go to a free list and are filled again (journal-slot.ts says why), so
 * at most `total` slots are ever made.
 */
import { JournalSlot } from './journal-slot.js';

/** One account's slots, oldest first from `start`, in a ring of at most `capacity`. */
class Ring {
  readonly slots: JournalSlot[] = [];
  start = 0;
  size = 0;

  constructor(private readonly capacity: number) {}

  /** The `i`th newest slot (0: the newest). */
  newest(i: number): JournalSlot {
    return this.slots[(this.start + this.size - 1 - i) % this.capacity] as JournalSlot;
  }

  popOldest(): JournalSlot {
    const slot = this.slots[this.start] as JournalSlot;
    this.start = (this.start + 1) % this.capacity;
    this.size--;
    return slot;
  }

  push(slot: JournalSlot): void {
    this.slots[(this.start + this.size) % this.capacity] = slot;
    this.size++;
  }
}

export class JournalRings {
  private readonly rings = new Map<number, Ring>();
  private readonly free: JournalSlot[] = [];
  private held = 0;

  constructor(private readonly limits: { perAccount: number; total: number }) {}

  /** A slot to fill with `accountId`'s next entry, in place of the entry the caps drop, if any. */
  /** How many entries all accounts keep now. */
  get size(): number {
    return this.held;
  }

  take(accountId: number): JournalSlot {
    const { perAccount, total } = this.limits;
    let ring = this.rings.get(accountId);
    if (ring === undefined) {
      ring = new Ring(perAccount);
      this.rings.set(accountId, ring);
    }
    let slot: JournalSlot | undefined;
    if (ring.size >= perAccount) slot = ring.popOldest();
    else if (this.held >= total) slot = this.popFromLargest(ring);
    else {
      slot = this.free.pop() ?? new JournalSlot();
      this.held++;
    }
    ring.push(slot);
    return slot;
  }

  /**
   * The oldest slot of the account holding the most entries, `own` on a tie (never an empty one:
   * `total` slots are held, so some other account holds more than an empty `own`).
   */
  private popFromLargest(own: Ring): JournalSlot {
    let largest = own;
    for (const ring of this.rings.values()) if (ring.size > largest.size) largest = ring;
    return largest.popOldest();
  }

  /** Calls `visit` with `accountId`'s slots, newest first, until it answers false. */
  eachOf(accountId: number, visit: (slot: JournalSlot) => boolean): void {
    const ring = this.rings.get(accountId);
    if (ring === undefined) return;
    for (let i = 0; i < ring.size; i++) if (!visit(ring.newest(i))) return;
  }

  /** Every account's slots, newest first (the ids order them across accounts). */
  all(): JournalSlot[] {
    const slots: JournalSlot[] = [];
    for (const ring of this.rings.values()) for (let i = 0; i < ring.size; i++) slots.push(ring.newest(i));
    return slots.sort((a, b) => b.id - a.id);
  }

  /** Drops `accountId`'s entries ('all': everyone's), keeping the slots; answers how many. */
  clear(accountId: number | 'all'): number {
    const ids = accountId === 'all' ? [...this.rings.keys()] : [accountId];
    let removed = 0;
    for (const id of ids) {
      const ring = this.rings.get(id);
      if (ring === undefined) continue;
      removed += ring.size;
      while (ring.size > 0) this.free.push(ring.popOldest());
      this.rings.delete(id);
    }
    this.held -= removed;
    return removed;
  }
}
