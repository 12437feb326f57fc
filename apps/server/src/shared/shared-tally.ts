/**
 * Counts by group that every instance adds to (the proxy's violations summary): per group, the
 * JSON text of its first occurrence (kept from whichever instance saw it first), a count and the
 * time of the last one, and a total, each changed by one script per batch so no two instances'
 * additions interleave. It holds one entry per group, however many are added.
 */
import type { SharedRedis } from './shared-redis.js';

// KEYS: first occurrences, counts, last times, total. ARGV: the time, then (group, first) pairs.
const ADD = `
for i = 2, #ARGV, 2 do
  redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('HINCRBY', KEYS[2], ARGV[i], 1)
  redis.call('HSET', KEYS[3], ARGV[i], ARGV[1])
  redis.call('INCR', KEYS[4])
end
return 1`;

const CLEAR = `
local total = tonumber(redis.call('GET', KEYS[4]) or '0')
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return total`;

export interface TallyGroup {
  key: string;
  /** The JSON text its first occurrence was added with. */
  first: string;
  count: number;
  lastAt: string;
}

export class SharedTally {
  private readonly keys: string[];
  private readonly addScript: (...args: (string | number)[]) => Promise<number>;
  private readonly clearScript: (...args: (string | number)[]) => Promise<number>;

  constructor(
    private readonly shared: SharedRedis,
    name: string,
  ) {
    this.keys = ['first', 'count', 'last-at', 'total'].map((part) => shared.key(`${name}:${part}`));
    this.addScript = shared.script<number>('assistantTallyAdd', 4, ADD);
    this.clearScript = shared.script<number>('assistantTallyClear', 4, CLEAR);
  }

  /** Adds one to each group (given with the JSON of this occurrence, kept if it is the first). */
  add(at: string, occurrences: readonly { key: string; first: string }[]): Promise<number> {
    return this.addScript(...this.keys, at, ...occurrences.flatMap(({ key, first }) => [key, first]));
  }

  async read(): Promise<{ total: number; groups: TallyGroup[] }> {
    const [first, counts, lastAt, total] = await Promise.all([
      this.shared.commands.hgetall(this.keys[0] as string),
      this.shared.commands.hgetall(this.keys[1] as string),
      this.shared.commands.hgetall(this.keys[2] as string),
      this.shared.commands.get(this.keys[3] as string),
    ]);
    const groups = Object.entries(first).map(([key, text]) => ({
      key,
      first: text,
      count: Number(counts[key] ?? 0),
      lastAt: lastAt[key] ?? '',
    }));
    return { total: Number(total ?? 0), groups };
  }

  clear(): Promise<number> {
    return this.clearScript(...this.keys);
  }
}
