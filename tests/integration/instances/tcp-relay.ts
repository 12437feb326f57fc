/**
 * A TCP relay in front of one instance's Redis or PostgreSQL, so a suite can take that one service
 * away from one instance and give it back, as a network partition or a stopped server does: `cut()`
 * resets every connection through it and refuses new ones (the port stops listening), `restore()`
 * listens again on the same port. The service itself, shared with the other instances and the other
 * suites, keeps running.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the relay has no port');
  const { port } = address;
  return { port, cut: stop, restore: () => listen(port), close: stop };
}
