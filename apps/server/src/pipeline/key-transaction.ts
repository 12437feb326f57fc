/**
 * A request's transaction held open across its hooks: begun (and its `Idempotency-Key` claimed)
 * before the handler runs, given to the handler for its writes, and ended once the answer is known,
 * committing the key's answer with the work it answers, or rolling everything back when the answer
 * is not one to keep. Work and answer are thus kept together or not at all: a process killed before
 * the commit leaves nothing (the database drops the open transaction with its connection or lock),
 * one killed after it leaves both, and a retry with the key finds the answer.
 *
 * The store's `requestTransaction` runs a callback; this turns it inside out: the callback claims
 * the key, hands its repositories out through `begin`'s promise, and waits for `finish`.
 */
import type { FastifyRequest } from 'fastify';
import type { ClaimOutcome, KeyRequest, Repositories, StoredAnswer } from '../db/store.js';
import { crashAt } from './crash-points.js';

/** Ends the transaction without keeping anything (thrown inside it, caught here). */
class NothingKept extends Error {}

export type Begun =
  | Exclude<ClaimOutcome, { outcome: 'claimed' }>
  | {
      outcome: 'claimed';
      /** The transaction's repositories: the handler's writes go through them. */
      repos: Repositories;
      /**
       * Commits `answer` with the work, or (undefined) rolls the work back; resolves once the
       * transaction has ended, rejects when the commit failed (nothing was kept).
       */
      finish(answer: StoredAnswer | undefined): Promise<void>;
    };

/** Begins `request`'s transaction and claims its key; rejects when the database cannot begin it. */
export function beginKeyTransaction(
  repos: Repositories,
  key: KeyRequest,
  request: FastifyRequest,
): Promise<Begun> {
  let begun: (value: Begun) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const opened = new Promise<Begun>((resolve, reject) => {
    begun = resolve;
    failed = reject;
  });
  let decide: (answer: StoredAnswer | undefined) => void = () => undefined;
  const decided = new Promise<StoredAnswer | undefined>((resolve) => {
    decide = resolve;
  });
  const ended = repos
    .requestTransaction(async (tx) => {
      const claimed = await tx.idempotency.claim(key);
      if (claimed.outcome !== 'claimed') {
        begun(claimed);
        throw new NothingKept();
      }
      begun({
        outcome: 'claimed',
        repos: tx,
        finish: (answer) => {
          decide(answer);
          return ended;
        },
      });
      const answer = await decided;
      if (answer === undefined) throw new NothingKept();
      await tx.idempotency.complete(key.accountId, key.key, answer);
      if (globalThis.__ASSISTANT_CRASH_POINTS__) await crashAt(request, 'before-commit');
    })
    .catch((error: unknown) => {
      if (error instanceof NothingKept) return;
      // Before the claim (the database cannot begin it) the request answers this error.
      failed(error);
      throw error;
    });
  // Whoever finishes awaits `ended`; this only keeps a failure before the claim from going unhandled.
  ended.catch(() => undefined);
  return opened;
}
