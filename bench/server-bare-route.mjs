// The baseline of server-throughput.mjs: a bare Fastify app answering fixed JSON, with no auth,
// database, validation or rate limiting. Prints "ready <port>" once listening.
import Fastify from 'fastify';

const getBody = process.env.BARE_GET_BODY ?? '{}';
const createBody = process.env.BARE_CREATE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/v1/agents/view/:id', (_request, reply) => reply.type('application/json').send(getBody));
app.post('/v1/agents/create', (_request, reply) => reply.code(201).type('application/json').send(createBody));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${new URL(address).port}`);
// Exits normally on SIGTERM, so a profiler running in it (bench/request-profile.mjs) writes its profile.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
