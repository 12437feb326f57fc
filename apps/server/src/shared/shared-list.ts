/**
 * A list of items (fault rules, chat fixtures) that every instance keeps a copy of and changes only
 * through Redis, with a use count per item that instances claim from atomically.
 *
 * Decisions:
 * - Every change is one script that changes the items, numbers the change (a version) and
 *   publishes it: an added item, a removed id, or the whole new list of a reset. Redis runs scripts
 *   one at a time and delivers a subscriber's messages in order, so every copy sees the changes in
 *   the order they were made. A copy starts from a snapshot (items and their version, read in one
 *   script) and applies the changes numbered after it; one it finds missing (its subscription was
 *   down) makes it read a snapshot again.
 * - Items are stored as their JSON text (the `id` written in by the script that numbers them, so
 *   the text is the client's), and sent as such: nothing is re-encoded on the way.
 * - Use counts stay in Redis (they change on every request an item applies to; copies do not
 *   follow them): `claim` counts a use only while an item exists and has uses left, so an item
 *   with `times` applies exactly `times` times across the deployment.
 * - `replace(items, { ifNew })` puts a list in place at start-up only when the deployment has none
 *   yet, so an instance that (re)starts does not wipe what the others' admin API added.
 * - An instance's own change is in its copy before the change's caller hears of it (read your
 *   writes). Another instance's copy follows a moment later, when the message arrives; a request
 *   that must see the latest list (the rate limit's script reads the version beside the counter,
 *   see rate-limit-store.ts) calls `catchUp(version)`, which reads a snapshot if the copy is behind.
 */
import type { SharedRedis } from './shared-redis.js';

/** An item as stored: its JSON text holds at least its id. */
export interface ListItem {
  id: number;
}

/** A change the copy of every instance applies, in order. */
export type ListChange<T> =
  | { kind: 'add'; item: T }
  | { kind: 'remove'; id: number }
  /** The whole list: a snapshot read at start-up or after a gap (`restart: false`), or a reset. */
  | { kind: 'replace'; items: T[]; restart: boolean };

const PUBLISH = (kind: string, payload: string) =>
  `local version = redis.call('INCR', KEYS[4])
redis.call('PUBLISH', KEYS[5], version .. ' ${kind} ' .. ${payload})`;

// KEYS: items, uses, next id, version, channel, ready flag.
const ADD = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[1]) then return false end
local id = redis.call('INCR', KEYS[3])
local item = '{"id":' .. id .. ',' .. ARGV[2]
redis.call('HSET', KEYS[1], id, item)
${PUBLISH('add', 'item')}
return {item, version}`;

const REMOVE = `
local item = redis.call('HGET', KEYS[1], ARGV[1])
if not item then return false end
local uses = redis.call('HGET', KEYS[2], ARGV[1]) or '0'
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
${PUBLISH('remove', 'ARGV[1]')}
return {item, uses, version}`;

const REPLACE = `
if ARGV[1] == 'if-new' and redis.call('EXISTS', KEYS[6]) == 1 then return {-1, 0} end
local removed = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2])
local items = {}
for i = 2, #ARGV do
  items[i - 1] = '{"id":' .. (i - 1) .. ',' .. ARGV[i]
  redis.call('HSET', KEYS[1], i - 1, items[i - 1])
end
redis.call('SET', KEYS[3], #ARGV - 1)
redis.call('SET', KEYS[6], '1')
${PUBLISH('replace', "'[' .. table.concat(items, ',') .. ']'")}
return {removed, version}`;

const SNAPSHOT = `return {redis.call('GET', KEYS[4]) or '0', redis.call('HVALS', KEYS[1])}`;

const CLAIM = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
local times = tonumber(ARGV[2])
if times >= 0 and tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0') >= times then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return 1`;

const KEY_COUNT = 6;

/** The item's JSON without its opening brace, for a script to write `{"id":N,` before it. */
const bodyOf = (item: object) => JSON.stringify(item).slice(1);

const byId = (a: ListItem, b: ListItem) => a.id - b.id;

/** A copy that a request can bring up to the deployment's latest version of it. */
export interface VersionedCopy {
  /** The key Redis counts the list's versions in. */
  readonly versionKey: string;
  /** Resolves once the copy holds `version` at least (reading a snapshot when it is behind). */
  catchUp(version: number): Promise<void>;
  isBehind(version: number): boolean;
}

export class SharedList<T extends ListItem> implements VersionedCopy {
  readonly versionKey: string;
  private version = 0;
  /** The snapshot being read, if any; changes heard meanwhile wait in `pending`. */
  private reloading: Promise<void> | undefined;
  private pending: { version: number; change: ListChange<T> }[] = [];
  private readonly keys: string[];
  private readonly run: Record<
    'add' | 'remove' | 'replace' | 'snapshot' | 'claim',
    (...args: (string | number)[]) => Promise<unknown>
  >;

  constructor(
    private readonly shared: SharedRedis,
    private readonly name: string,
    private readonly max: number,
    private readonly apply: (change: ListChange<T>) => void,
  ) {
    const key = (part: string) => shared.key(`${name}:${part}`);
    this.keys = [key('items'), key('uses'), key('next-id'), key('version'), shared.key(name), key('ready')];
    this.versionKey = key('version');
    const script = (command: string, lua: string) =>
      shared.script<unknown>(`assistantList${command}`, KEY_COUNT, lua);
    this.run = {
      add: script('Add', ADD),
      remove: script('Remove', REMOVE),
      replace: script('Replace', REPLACE),
      snapshot: script('Snapshot', SNAPSHOT),
      claim: script('Claim', CLAIM),
    };
  }

  /** Follows the changes and reads the first snapshot. */
  async start(): Promise<void> {
    await this.shared.subscribe(this.name, (message) => this.heard(message));
    this.shared.onResubscribed(() => void this.reload());
    await this.reload();
  }

  /** Adds an item (its id given by Redis); undefined when the list holds `max` already. */
  async add(item: Omit<T, 'id'>): Promise<T | undefined> {
    const added = (await this.run.add(...this.keys, this.max, bodyOf(item))) as [string, number] | null;
    if (!added) return undefined;
    const stored = JSON.parse(added[0]) as T;
    await this.own(added[1], { kind: 'add', item: stored });
    return stored;
  }

  /** Removes an item; its last state and use count, or undefined when there was none. */
  async remove(id: number): Promise<{ item: T; uses: number } | undefined> {
    const removed = (await this.run.remove(...this.keys, id)) as [string, string, number] | null;
    if (!removed) return undefined;
    await this.own(removed[2], { kind: 'remove', id });
    return { item: JSON.parse(removed[0]) as T, uses: Number(removed[1]) };
  }

  /** Puts `items` in place of the list (ids from 1); with `ifNew`, only where there has been none. */
  async replace(items: readonly Omit<T, 'id'>[], options: { ifNew?: boolean } = {}): Promise<number> {
    const mode = options.ifNew ? 'if-new' : 'always';
    const [removed, version] = (await this.run.replace(...this.keys, mode, ...items.map(bodyOf))) as [
      number,
      number,
    ];
    if (removed < 0) return 0;
    // The items as the script numbered them: ids from 1, in order.
    const replaced = items.map((item, index) => ({ id: index + 1, ...item }) as unknown as T);
    await this.own(version, { kind: 'replace', items: replaced, restart: true });
    return removed;
  }

  /** The items by id, with their use counts. */
  async read(): Promise<{ items: T[]; uses: Map<number, number> }> {
    const [values, uses] = await Promise.all([
      this.shared.commands.hvals(this.keys[0] as string),
      this.shared.commands.hgetall(this.keys[1] as string),
    ]);
    return {
      items: values.map((text) => JSON.parse(text) as T).sort(byId),
      uses: new Map(Object.entries(uses).map(([id, count]) => [Number(id), Number(count)])),
    };
  }

  /** Counts a use of item `id` if it exists and has uses left (`times`; null: no limit). */
  async claim(id: number, times: number | null): Promise<boolean> {
    return (await this.run.claim(...this.keys, id, times ?? -1)) === 1;
  }

  isBehind(version: number): boolean {
    return this.version < version;
  }

  async catchUp(version: number): Promise<void> {
    if (this.version < version) await this.reload();
  }

  /** A change this instance made: in the copy before its caller goes on. */
  private async own(version: number, change: ListChange<T>): Promise<void> {
    if (this.reloading) this.pending.push({ version, change });
    else this.follow(version, change);
    await this.catchUp(version);
  }

  private heard(message: string): void {
    const [version, kind] = message.split(' ', 2) as [string, string];
    const payload = message.slice(version.length + kind.length + 2);
    const change: ListChange<T> =
      kind === 'add'
        ? { kind, item: JSON.parse(payload) as T }
        : kind === 'remove'
          ? { kind, id: Number(payload) }
          : { kind: 'replace', items: (JSON.parse(payload) as T[]).sort(byId), restart: true };
    if (this.reloading) this.pending.push({ version: Number(version), change });
    else this.follow(Number(version), change);
  }

  /** Applies the change numbered `version` if it is the next one; a gap makes it read a snapshot. */
  private follow(version: number, change: ListChange<T>): void {
    if (version <= this.version) return;
    if (version > this.version + 1 && change.kind !== 'replace') {
      void this.reload();
      return;
    }
    this.version = version;
    this.apply(change);
  }

  /** Reads the whole list and its version, then applies what was heard meanwhile. */
  private reload(): Promise<void> {
    this.reloading ??= this.readSnapshot().finally(() => {
      this.reloading = undefined;
      for (const { version, change } of this.pending.splice(0)) this.follow(version, change);
    });
    return this.reloading;
  }

  private async readSnapshot(): Promise<void> {
    try {
      const [version, values] = (await this.run.snapshot(...this.keys)) as [string, string[]];
      if (Number(version) < this.version) return;
      this.version = Number(version);
      this.apply({
        kind: 'replace',
        items: values.map((text) => JSON.parse(text) as T).sort(byId),
        restart: false,
      });
    } catch {
      // Redis is gone again: the copy stays as it was until the subscription is back.
    }
  }
}
