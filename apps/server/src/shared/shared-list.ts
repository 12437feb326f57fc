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
 * - An edit (`update`) reads the item, changes it in this process and writes it back only if it is
 *   still the text it read (compare and set, tried again a few times): two edits of one item
 *   through two instances never lose one's fields, and the item's text is never re-encoded by Lua.
 *   Its use count is not touched.
 * - `replace(items, { ifNew })` puts a list in place at start-up only when the deployment has none
 *   yet, so an instance that (re)starts does not wipe what the others' admin API added.
 * - Each item has an owner (an account, or operators: `ownerOf`), kept beside it in Redis: the
 *   bound `max` is per owner, so one account cannot fill the list for every other, a removal may
 *   be limited to one owner's items (another's id is then as absent), and `removeOwned` takes
 *   one owner's items away in one change.
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
  /** An item edited in its place (its use count kept). */
  | { kind: 'update'; item: T }
  /** Items removed: one, or (`owner`) every item of one account. */
  | { kind: 'remove'; ids: number[]; owner?: number }
  /** The whole list: a snapshot read at start-up or after a gap (`restart: false`), or a reset. */
  | { kind: 'replace'; items: T[]; restart: boolean };

/** The owner key of operators' items (an account's is its id). */
const OPERATORS = 'operators';

const ownerKey = (accountId: number | null) => (accountId === null ? OPERATORS : String(accountId));

const PUBLISH = (kind: string, payload: string) =>
  `local version = redis.call('INCR', KEYS[4])
redis.call('PUBLISH', KEYS[5], version .. ' ${kind} ' .. ${payload})`;

// KEYS: items, uses, next id, version, channel, ready flag, owners (by id), counts (by owner). An
// item stored before items had owners is operators'.
const ADD = `
if tonumber(redis.call('HGET', KEYS[8], ARGV[3]) or '0') >= tonumber(ARGV[1]) then return false end
local id = redis.call('INCR', KEYS[3])
local item = '{"id":' .. id .. ',' .. ARGV[2]
redis.call('HSET', KEYS[1], id, item)
redis.call('HSET', KEYS[7], id, ARGV[3])
redis.call('HINCRBY', KEYS[8], ARGV[3], 1)
${PUBLISH('add', 'item')}
return {item, version}`;

const REMOVE = `
local item = redis.call('HGET', KEYS[1], ARGV[1])
if not item then return false end
local owner = redis.call('HGET', KEYS[7], ARGV[1]) or '${OPERATORS}'
if ARGV[2] ~= '' and ARGV[2] ~= owner then return false end
local uses = redis.call('HGET', KEYS[2], ARGV[1]) or '0'
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[7], ARGV[1])
redis.call('HINCRBY', KEYS[8], owner, -1)
${PUBLISH('remove', 'ARGV[1]')}
return {item, uses, version}`;

// ARGV: the id, the reach's owner ('' for all), the text read, the new text without its id.
const UPDATE = `
local item = redis.call('HGET', KEYS[1], ARGV[1])
if not item then return false end
local owner = redis.call('HGET', KEYS[7], ARGV[1]) or '${OPERATORS}'
if ARGV[2] ~= '' and ARGV[2] ~= owner then return false end
if item ~= ARGV[3] then return {0} end
local updated = '{"id":' .. ARGV[1] .. ',' .. ARGV[4]
redis.call('HSET', KEYS[1], ARGV[1], updated)
local uses = redis.call('HGET', KEYS[2], ARGV[1]) or '0'
${PUBLISH('update', 'updated')}
return {updated, uses, version}`;

const REMOVE_OWNED = `
local ids = {}
local owners = redis.call('HGETALL', KEYS[7])
for i = 1, #owners, 2 do
  if owners[i + 1] == ARGV[1] then ids[#ids + 1] = owners[i] end
end
for _, id in ipairs(ids) do
  redis.call('HDEL', KEYS[1], id)
  redis.call('HDEL', KEYS[2], id)
  redis.call('HDEL', KEYS[7], id)
end
redis.call('HDEL', KEYS[8], ARGV[1])
local message = ARGV[1] .. ' ' .. table.concat(ids, ',')
${PUBLISH('owned', 'message')}
return {message, version}`;

// ARGV: the mode, then each item's owner and text.
const REPLACE = `
if ARGV[1] == 'if-new' and redis.call('EXISTS', KEYS[6]) == 1 then return {-1, 0} end
local removed = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[7], KEYS[8])
local items = {}
for i = 2, #ARGV, 2 do
  local id = #items + 1
  items[id] = '{"id":' .. id .. ',' .. ARGV[i + 1]
  redis.call('HSET', KEYS[1], id, items[id])
  redis.call('HSET', KEYS[7], id, ARGV[i])
  redis.call('HINCRBY', KEYS[8], ARGV[i], 1)
end
redis.call('SET', KEYS[3], #items)
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

const KEY_COUNT = 8;

/** How often an edit is tried again when another changed the item between its read and write. */
const UPDATE_ATTEMPTS = 5;

/** The item's JSON without its opening brace, for a script to write `{"id":N,` before it. */
const bodyOf = (item: object) => JSON.stringify(item).slice(1);

const byId = (a: ListItem, b: ListItem) => a.id - b.id;

/** The change of an `owned` message: `<account> <id>,<id>…`. */
function ownedRemoval(payload: string): { kind: 'remove'; ids: number[]; owner: number } {
  const [owner = '', ids = ''] = payload.split(' ');
  return { kind: 'remove', ids: ids === '' ? [] : ids.split(',').map(Number), owner: Number(owner) };
}

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
    'add' | 'remove' | 'update' | 'removeOwned' | 'replace' | 'snapshot' | 'claim',
    (...args: (string | number)[]) => Promise<unknown>
  >;

  /**
   * `max` items at most per owner, `ownerOf` telling an item's (an account's id, or null for
   * operators').
   */
  constructor(
    private readonly shared: SharedRedis,
    private readonly name: string,
    private readonly max: number,
    private readonly apply: (change: ListChange<T>) => void,
    private readonly ownerOf: (item: Omit<T, 'id'>) => number | null,
  ) {
    const key = (part: string) => shared.key(`${name}:${part}`);
    this.keys = [
      key('items'),
      key('uses'),
      key('next-id'),
      key('version'),
      shared.key(name),
      key('ready'),
      key('owners'),
      key('counts'),
    ];
    this.versionKey = key('version');
    const script = (command: string, lua: string) =>
      shared.script<unknown>(`assistantList${command}`, KEY_COUNT, lua);
    this.run = {
      add: script('Add', ADD),
      remove: script('Remove', REMOVE),
      update: script('Update', UPDATE),
      removeOwned: script('RemoveOwned', REMOVE_OWNED),
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

  /** Adds an item (its id given by Redis); undefined when its owner holds `max` already. */
  async add(item: Omit<T, 'id'>): Promise<T | undefined> {
    const owner = ownerKey(this.ownerOf(item));
    const added = (await this.run.add(...this.keys, this.max, bodyOf(item), owner)) as
      | [string, number]
      | null;
    if (!added) return undefined;
    const stored = JSON.parse(added[0]) as T;
    await this.own(added[1], { kind: 'add', item: stored });
    return stored;
  }

  /**
   * Removes an item if it is within reach (`'all'`, or its owner's account); its last state and use
   * count, or undefined when there was none.
   */
  async remove(id: number, reach: number | 'all'): Promise<{ item: T; uses: number } | undefined> {
    const owner = reach === 'all' ? '' : ownerKey(reach);
    const removed = (await this.run.remove(...this.keys, id, owner)) as [string, string, number] | null;
    if (!removed) return undefined;
    await this.own(removed[2], { kind: 'remove', ids: [id] });
    return { item: JSON.parse(removed[0]) as T, uses: Number(removed[1]) };
  }

  /**
   * Changes item `id` with `edit` if it is within reach (as `remove`); its new state and use count,
   * or undefined when there is none. `edit` may be called again if another edit came first.
   */
  async update(
    id: number,
    reach: number | 'all',
    edit: (item: T) => T,
  ): Promise<{ item: T; uses: number } | undefined> {
    const owner = reach === 'all' ? '' : ownerKey(reach);
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const read = await this.shared.commands.hget(this.keys[0] as string, String(id));
      if (read === null) return undefined;
      const { id: _id, ...rest } = edit(JSON.parse(read) as T);
      const updated = (await this.run.update(...this.keys, id, owner, read, bodyOf(rest))) as
        | [string, string, number]
        | [0]
        | null;
      if (!updated) return undefined;
      if (updated.length === 3) {
        const item = JSON.parse(updated[0]) as T;
        await this.own(updated[2], { kind: 'update', item });
        return { item, uses: Number(updated[1]) };
      }
    }
    throw new Error(`item ${id} of ${this.name} changed under ${UPDATE_ATTEMPTS} edits in a row`);
  }

  /** Removes every item of one account; answers how many. */
  async removeOwned(accountId: number): Promise<number> {
    const [message, version] = (await this.run.removeOwned(...this.keys, ownerKey(accountId))) as [
      string,
      number,
    ];
    const change = ownedRemoval(message);
    await this.own(version, change);
    return change.ids.length;
  }

  /** Puts `items` in place of the list (ids from 1); with `ifNew`, only where there has been none. */
  async replace(items: readonly Omit<T, 'id'>[], options: { ifNew?: boolean } = {}): Promise<number> {
    const mode = options.ifNew ? 'if-new' : 'always';
    const pairs = items.flatMap((item) => [ownerKey(this.ownerOf(item)), bodyOf(item)]);
    const [removed, version] = (await this.run.replace(...this.keys, mode, ...pairs)) as [number, number];
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
      kind === 'add' || kind === 'update'
        ? { kind, item: JSON.parse(payload) as T }
        : kind === 'remove'
          ? { kind, ids: [Number(payload)] }
          : kind === 'owned'
            ? ownedRemoval(payload)
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
