// A bare Node `http` pass-through (bench/proxy-overhead.mjs's floor): each request forwarded to
// TARGET as it came, on kept-alive connections, and the answer piped back, with nothing checked.
import { Agent, createServer, request } from 'node:http';

const target = new URL(process.env.TARGET);
const agent = new Agent({ keepAlive: true });
createServer((incoming, answer) => {
  const forwarded = request(
    {
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
      agent,
    },
    (back) => {
      answer.writeHead(back.statusCode ?? 502, back.headers);
      back.pipe(answer);
    },
  );
  forwarded.on('error', () => {
    answer.statusCode = 502;
    answer.end();
  });
  incoming.pipe(forwarded);
}).listen(0, '127.0.0.1', function () {
  console.log(`PASS http://127.0.0.1:${this.address().port}`);
});
// An exit of its own on SIGTERM, so that a profiler (request-profile.mjs) writes its profile.
process.once('SIGTERM', () => process.exit(0));
