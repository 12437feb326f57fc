#!/usr/bin/env node
/**
 * A round-robin balancer in front of several reference server instances: what compose.yaml's
 * nginx does, as a small Node process for machines without Docker or nginx. The instances suite
 * (tests/integration/instances) and the two-instance benchmark run their topology behind it.
 *
 *   node scripts/round-robin-balancer.mjs 4010 http://127.0.0.1:4011 http://127.0.0.1:4012
 *
 * Each request goes to the next instance in turn, its answer passed on as it comes (a stream
 * included), with the client's address appended to X-Forwarded-For. An instance that refuses the
 * connection (it is down) is skipped for the next, as nginx's `proxy_next_upstream error` does for a
 * request it could not send; one that took the request and failed answers 502, or, once its answer
 * has started, has it cut for the client too: a request is never sent twice, and a cut answer never
 * ends as if it were complete.
 */
import { Agent, createServer, request } from 'node:http';
import { pipeline } from 'node:stream';
import { pathToFileURL } from 'node:url';

/** nginx's client_max_body_size in deploy/nginx.conf: request bodies are held to retry a refusal. */
const MAX_BODY_BYTES = 11 * 1024 * 1024;
/** Headers about one connection, not the request (RFC 9110, 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'];

function endToEnd(headers) {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

/** Starts a balancer on `port` (0: any free one) of 127.0.0.1: `{ origin, sent, close() }`. */
export async function startRoundRobin(origins, { port = 0, host = '127.0.0.1' } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  /** Requests each instance answered, by origin. */
  const sent = new Map(origins.map((origin) => [origin, 0]));
  let turn = 0;

  const forward = (incoming, body, answer, triesLeft) => {
    const origin = origins[turn++ % origins.length];
    const client = incoming.socket.remoteAddress ?? '';
    const forwardedFor = incoming.headers['x-forwarded-for'];
    const outgoing = request(new URL(incoming.url ?? '/', origin), {
      method: incoming.method,
      headers: {
        ...endToEnd(incoming.headers),
        'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${client}` : client,
      },
      agent,
    });
    outgoing.on('response', (response) => {
      sent.set(origin, (sent.get(origin) ?? 0) + 1);
      answer.writeHead(response.statusCode ?? 502, endToEnd(response.headers));
      // An answer cut upstream (or a client gone) destroys the other side as well.
      pipeline(response, answer, () => undefined);
    });
    outgoing.on('error', (error) => {
      if (answer.headersSent) return answer.destroy();
      // Refused: nothing was sent, so another instance may take it.
      if (error.code === 'ECONNREFUSED' && triesLeft > 1)
        return forward(incoming, body, answer, triesLeft - 1);
      answer.writeHead(502, { 'content-type': 'text/plain' });
      answer.end('bad gateway');
    });
    outgoing.end(body);
  };

  const server = createServer((incoming, answer) => {
    const chunks = [];
    let size = 0;
    incoming.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
      if (answer.headersSent) return;
      answer.writeHead(413, { 'content-type': 'text/plain', connection: 'close' });
      answer.end('request body too large', () => incoming.destroy());
    });
    incoming.on('end', () => {
      if (size <= MAX_BODY_BYTES) forward(incoming, Buffer.concat(chunks), answer, origins.length);
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    origin: `http://${host}:${server.address().port}`,
    sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, ...origins] = process.argv.slice(2);
  if (!port || origins.length === 0) {
    console.error('usage: node scripts/round-robin-balancer.mjs PORT ORIGIN [ORIGIN ...]');
    process.exit(2);
  }
  const balancer = await startRoundRobin(origins, { port: Number(port) });
  console.log(`round robin on ${balancer.origin} across ${origins.join(', ')}`);
}
