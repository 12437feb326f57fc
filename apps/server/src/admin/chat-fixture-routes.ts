/**
 * The chat fixtures' operations, over the app's ChatFixtures store, each reaching what its caller
 * administers (admin-caller.ts): an account's admin its account's fixtures, an operator every one
 * (an edit keeps a fixture's account).
 */
import type {
  adminComponents,
  ChatFixture,
  ChatFixtureInput,
  ChatFixturePatch,
} from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { adminCallerOf } from './admin-caller.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

const saved = (fixture: ChatFixture): Schemas['ChatFixtureResponse'] => ({
  success: true,
  message: 'Chat fixture saved successfully',
  data: fixture,
});

export function chatFixtureHandlers({
  chatFixtures,
}: AdminDeps): AdminHandlers<
  'listChatFixtures' | 'addChatFixture' | 'clearChatFixtures' | 'updateChatFixture' | 'removeChatFixture'
> {
  return {
    async listChatFixtures(request) {
      const answer: Schemas['ListChatFixturesResponse'] = {
        success: true,
        message: 'Chat fixtures retrieved successfully',
        data: { fixtures: await chatFixtures.list(adminCallerOf(request).reach) },
      };
      return answer;
    },
    async addChatFixture(request, reply) {
      const fixture = await chatFixtures.add(request.body as ChatFixtureInput, adminCallerOf(request).owner);
      return reply.code(201).send(saved(fixture));
    },
    async clearChatFixtures(request) {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await chatFixtures.clear(adminCallerOf(request).reach) },
      };
      return answer;
    },
    async updateChatFixture(request) {
      const { id } = request.params as { id: number };
      const patch = request.body as ChatFixturePatch;
      const updated = await chatFixtures.update(id, patch, adminCallerOf(request).reach);
      if (!updated) throw new ApiError(404);
      return saved(updated);
    },
    async removeChatFixture(request) {
      const { id } = request.params as { id: number };
      const removed = await chatFixtures.remove(id, adminCallerOf(request).reach);
      if (!removed) throw new ApiError(404);
      return saved(removed);
    },
  };
}
