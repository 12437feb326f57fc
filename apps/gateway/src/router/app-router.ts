/** The gateway's router. Product teams import its type, `AppRouter`, for end-to-end types. */
import { router } from '../trpc/init.js';
import { agentsRouter } from './agents.js';
import { chatRouter } from './chat.js';
import { embeddingsRouter } from './embeddings.js';
import { transcriptionsRouter } from './transcriptions.js';

export const appRouter = router({
  agents: agentsRouter,
  chat: chatRouter,
  transcriptions: transcriptionsRouter,
  embeddings: embeddingsRouter,
});

export type AppRouter = typeof appRouter;
