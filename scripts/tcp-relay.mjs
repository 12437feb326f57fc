/**
 * A TCP relay in front of one instance's Redis or PostgreSQL, so a suite or a benchmark can take
 * that one service away from one instance and give it back, as a network partition or a stopped
 * server does: `cut()` resets every connection through it and refuses new ones (the port stops
 * listening), `restore()` listens again on the same port. The service itself, shared with the other
 * instances, keeps running.
 */
import { connect, createServer } from 'node:net';

/** A relay on a free port of 127.0.0.1 to `target` (`{ host, port }`). */
export async function startRelay(target) {
  const sockets = new Set();
  const track = (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address();
  return { port, cut: stop, restore: () => listen(port), close: stop };
}

/** `url` (a database or Redis URL) with its host and port replaced by the relay's. */
export function throughRelay(url, relay) {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(relay.port);
  return parsed.toString();
}
