/** `agents.create` and `agents.get`: the stored custom agents of the caller's account. */
import type { Agent, AgentSummary } from '@assistant-platform/types';
import { inputs } from '../contract/input-parsers.js';
import { platformProcedure, router } from '../trpc/init.js';
import { callPlatform } from '../upstream/call-platform.js';
import { writeOptions } from '../upstream/write-options.js';

export const agentsRouter = router({
  create: platformProcedure
    .input(inputs.createAgent)
    .mutation(
      ({ ctx, input }): Promise<AgentSummary> =>
        callPlatform(() => ctx.platform.agents.create(input, writeOptions(ctx))),
    ),

  /** By numeric `id` or `agentReferenceId`; answers are cached per token for a few seconds. */
  get: platformProcedure.input(inputs.getAgent).query(({ ctx, input }): Promise<Agent> => {
    const load = () => ctx.platform.agents.get(input.id);
    // A fault-injection request must reach the platform, and must not be shared with other callers.
    if (ctx.upstreamHeaders.prefer !== undefined) return callPlatform(load);
    return callPlatform(() => ctx.services.agentCache.get(ctx.token, input.id, load));
  }),
});
