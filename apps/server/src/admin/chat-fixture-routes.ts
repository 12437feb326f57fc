/** The chat fixtures' operations, over the app's ChatFixtures store. */
import type { adminComponents, ChatFixture, ChatFixtureInput } from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
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
  'listChatFixtures' | 'addChatFixture' | 'clearChatFixtures' | 'removeChatFixture'
> {
  return {
    async listChatFixtures() {
      const answer: Schemas['ListChatFixturesResponse'] = {
        success: true,
        message: 'Chat fixtures retrieved successfully',
        data: { fixtures: await chatFixtures.list() },
      };
      return answer;
    },
    async addChatFixture(request, reply) {
      return reply.code(201).send(saved(await chatFixtures.add(request.body as ChatFixtureInput)));
    },
    async clearChatFixtures() {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await chatFixtures.clear() },
      };
      return answer;
    },
    async removeChatFixture(request) {
      const removed = await chatFixtures.remove((request.params as { id: number }).id);
      if (!removed) throw new ApiError(404);
      return saved(removed);
    },
  };
}
