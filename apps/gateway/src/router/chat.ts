/**
 * `chat.request` answers in one piece; `chat.stream` is a subscription (SSE) yielding the answer's
 * chunks as the platform sends them. Both take the same input; the procedure decides `stream`.
 */
import type { ChatResult, ChatStreamChunk } from '@assistant-platform/types';
import { inputs } from '../contract/input-parsers.js';
import { platformProcedure, router } from '../trpc/init.js';
import { callPlatform } from '../upstream/call-platform.js';
import { toTRPCError } from '../upstream/to-trpc-error.js';
import { writeOptions } from '../upstream/write-options.js';

export const chatRouter = router({
  request: platformProcedure.input(inputs.chat).mutation(
    ({ ctx, input, signal }): Promise<ChatResult> =>
      // The caller going away (signal) stops the platform call, and so the model's work.
      callPlatform(() => ctx.platform.agents.chat(input, writeOptions(ctx, signal))),
  ),

  stream: platformProcedure.input(inputs.chat).subscription(async function* ({
    ctx,
    input,
    signal,
  }): AsyncGenerator<ChatStreamChunk, void> {
    // The caller going away (signal) stops the upstream download too. The platform stores no
    // streamed answer, so no Idempotency-Key is passed on; a stream silent for
    // UPSTREAM_IDLE_TIMEOUT_MS fails (the SDK's idleTimeoutMs).
    const stream = await callPlatform(() =>
      ctx.platform.agents.chatStream(input, signal ? { signal } : undefined),
    );
    try {
      for await (const chunk of stream) yield chunk;
    } catch (error) {
      throw toTRPCError(error);
    } finally {
      stream.abort();
    }
  }),
});
