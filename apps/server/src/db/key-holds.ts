/**
 * `Idempotency-Key`s held by this process while requests that write nothing (chat, embeddings)
 * compute their answers (see Store.holdKey). Memory only, so a stopped process holds nothing: a
 * key is never left "in progress" by a server that is gone. Every store starts here; PostgreSQL's
 * adds a session lock so its other instances see the hold too (postgres/advisory-holds.ts). On a
 * SQLite file several processes share, each sees only its own holds: two of them may compute the
 * same key's chat at once, and the first answer stored is the one both answer.
 */
import type { KeyHold } from './store.js';

export type HoldKey = (accountId: number, key: string) => Promise<KeyHold | undefined>;

/** Holds in this process; `across` (when given) must also grant a key, and is released with it. */
export function localKeyHolds(across?: HoldKey): HoldKey {
  const held = new Set<string>();
  return async (accountId, key) => {
    const name = `${accountId}\n${key}`;
    if (held.has(name)) return undefined;
    held.add(name);
    let outer: KeyHold | undefined;
    try {
      if (across !== undefined) {
        outer = await across(accountId, key);
        if (outer === undefined) {
          held.delete(name);
          return undefined;
        }
      }
    } catch (error) {
      held.delete(name);
      throw error;
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        held.delete(name);
        await outer?.release();
      },
    };
  };
}
