/**
 * Whose turn it is among the tenants with waiting work (accounts in the fair queue, tokens inside
 * an account): the one served least, ties to the one that has waited longest. Counting what each
 * was served, not rotating a list, keeps a tenant that just arrived from waiting behind one whose
 * backlog was already being served: it joins at the count of the last tenant served (start-time fair
 * queueing with a cost of one per task), so it comes next but earns no credit for the time it was
 * away, and cannot later claim a run of turns.
 */
export class TurnOrder {
  /** Keys with waiting work, the one waiting longest first, with what each was served. */
  private readonly served = new Map<string, number>();
  /** The count of the key served last: where a newcomer starts. */
  private now = 0;

  get size(): number {
    return this.served.size;
  }

  has(key: string): boolean {
    return this.served.has(key);
  }

  /** A key now has waiting work; one already here keeps its place. */
  join(key: string): void {
    if (!this.served.has(key)) this.served.set(key, this.now);
  }

  /** A key has nothing waiting any more. */
  leave(key: string): void {
    this.served.delete(key);
  }

  /** The key whose turn it is among those `eligible` says may go; undefined when none may. */
  next(eligible: (key: string) => boolean = () => true): string | undefined {
    let best: string | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const [key, count] of this.served)
      if (count < least && eligible(key)) {
        best = key;
        least = count;
      }
    return best;
  }

  /** `key` was served one task: it goes behind the others with its new count. */
  serve(key: string): void {
    const count = this.served.get(key);
    if (count === undefined) return;
    this.now = count;
    this.served.delete(key);
    this.served.set(key, count + 1);
  }
}
