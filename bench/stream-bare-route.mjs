// The baseline of stream-throughput.mjs: a bare Fastify route answering a chat stream with the
// events the reference server sent for the same chat (BARE_STREAM_EVENTS, a JSON array of each
// event's text), written one by one as Server-Sent Events, with no auth, validation, engine or
// journal. Prints "ready <port>" once listening.
import Fastify from 'fastify';

const events = JSON.parse(process.env.BARE_STREAM_EVENTS ?? '[]');
const app = Fastify({ logger: false });
app.post('/v1/agents/chat/request', (_request, reply) => {
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  for (const event of events) reply.raw.write(event);
  reply.raw.end();
  return reply;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${new URL(address).port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
