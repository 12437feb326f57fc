/**
 * The SDK options of a platform write (`agents.create`, `chat.request`, `embeddings.create`): the
 * caller's `Idempotency-Key`, passed on so a caller retrying through the gateway gets the platform's
 * stored answer instead of a second write, and the caller's abort. A key belongs to one request, so
 * it is passed on only when the HTTP request carries one call: in a batch it would name every
 * write at once, and is refused. Without a key the SDK makes one itself when it may retry.
 */

import type { RequestOptions } from '@assistant-platform/client';
import {
  ContractValidationError,
  ERROR_MESSAGES,
  IDEMPOTENCY_KEY_ISSUE_PATH,
} from '@assistant-platform/types';
import { TRPCError } from '@trpc/server';
import type { GatewayContext } from '../trpc/context.js';

export function writeOptions(
  ctx: Pick<GatewayContext, 'idempotencyKey' | 'calls'>,
  signal?: AbortSignal,
): RequestOptions {
  const options: RequestOptions = signal ? { signal } : {};
  if (ctx.idempotencyKey === undefined) return options;
  if (ctx.calls > 1) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: ERROR_MESSAGES[400],
      cause: ContractValidationError.at(
        IDEMPOTENCY_KEY_ISSUE_PATH,
        'names one call: send it on a request that is not batched',
      ),
    });
  }
  return { ...options, idempotencyKey: ctx.idempotencyKey };
}
