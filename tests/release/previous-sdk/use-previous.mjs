// The previous release's SDK, installed by version from the rehearsal's registry, used as a
// product team's code written against it: it must keep working against the current server (a
// minor release must not break it). It prints what it saw as JSON.
import { createAssistantClient, NotFoundError } from '@assistant-platform/client';

const { BASE_URL, TOKEN } = process.env;
const sdk = createAssistantClient({ baseUrl: BASE_URL, token: TOKEN, maxRetries: 0 });
const created = await sdk.agents.create({ name: 'Previous SDK', instruction: 'Be brief.' });
const readBack = await sdk.agents.get(created.id);
const missing = await sdk.agents.get(999_999_999).then(
  () => false,
  (error) => error instanceof NotFoundError,
);
const chatBody = {
  name: 'Previous SDK',
  description: 'Answers briefly.',
  instruction: 'Be brief.',
  intents: ['greeting'],
  message: { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
};
const chat = await sdk.agents.chat(chatBody);
const stream = await sdk.agents.chatStream(chatBody);
const text = await stream.text();
console.log(
  JSON.stringify({
    readBack: readBack.name,
    notFound: missing,
    answered: (chat.request[0]?.message.content ?? '').length > 0,
    streamed: text.length > 0,
  }),
);
