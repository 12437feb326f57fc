/**
 * The two ways a request takes its `Idempotency-Key` (see pipeline/idempotency.ts), each leaving on
 * the request a claim whose `finish` stores the answer (or nothing) and lets the key go, or
 * answering at once (a replay, 400, 409):
 * - `claimInTransaction`, for an operation that writes: the key claimed in the request's
 *   transaction (key-transaction.ts), which the handler then writes through, committed with the
 *   answer. A duplicate meanwhile waits for it in the database, then replays.
 * - `claimHeld`, for one that writes nothing and may take long (chat, embeddings): no transaction
 *   stays open; the key is held by this process (Store.holdKey, a duplicate meanwhile answering 409)
 *   and the answer stored once made, a first one stored by another request winning.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import type { KeyRequest, Repositories, Store } from '../db/store.js';
import { beginKeyTransaction } from './key-transaction.js';
import { answerRecord } from './stored-answers.js';

/** Told when an account has stored a key's answer (the bounds are kept per account). */
export type OnStored = (request: FastifyRequest, accountId: number) => void;

export async function claimInTransaction(
  request: FastifyRequest,
  reply: FastifyReply,
  repos: Repositories,
  key: KeyRequest,
  onStored: OnStored,
): Promise<unknown> {
  const begun = await beginKeyTransaction(repos, key, request);
  if (begun.outcome === 'held') throw new ApiError(409, [], 1);
  if (begun.outcome === 'found') return reply.send(answerRecord(reply, begun.record, key.requestHash));
  request.keyTransaction = begun.repos;
  request.idempotencyClaim = {
    finish: async (answer) => {
      request.keyTransaction = null;
      await begun.finish(answer);
      if (answer !== undefined) onStored(request, key.accountId);
      return undefined;
    },
  };
  return undefined;
}

export async function claimHeld(
  request: FastifyRequest,
  reply: FastifyReply,
  store: Pick<Store, 'repos' | 'holdKey'>,
  key: KeyRequest,
  onStored: OnStored,
): Promise<unknown> {
  const { accountId } = key;
  const records = store.repos.idempotency;
  const find = () => records.find(accountId, key.key, key.expiredBefore);
  const first = await find();
  if (first) return reply.send(answerRecord(reply, first, key.requestHash));
  const hold = await store.holdKey(accountId, key.key);
  if (hold === undefined) throw new ApiError(409, [], 1);
  // Answered between the look and the hold: nothing to run.
  const answered = await find().catch(async (error: unknown) => {
    await hold.release();
    throw error;
  });
  if (answered) {
    await hold.release();
    return reply.send(answerRecord(reply, answered, key.requestHash));
  }
  request.idempotencyClaim = {
    finish: async (answer) => {
      try {
        if (answer === undefined) return undefined;
        const stored = await records.store(key, answer);
        if (stored === undefined) onStored(request, accountId);
        return stored;
      } finally {
        await hold.release();
      }
    },
  };
  return undefined;
}
