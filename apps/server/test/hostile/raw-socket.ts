/**
 * Plain TCP conversations with the server, for what an HTTP client library refuses to send: broken
 * request lines, oversized headers, bodies trickled a byte at a time.
 */
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server sent. */
  received: string;
  /** Whether the server closed (or reset) the connection before `timeoutMs`. */
  closedByServer: boolean;
}

/** Opens a connection, hands it to `drive`, and collects the answer until the server closes it or `timeoutMs` passes. */
export function rawExchange(
  port: number,
  drive: (socket: Socket) => void,
  timeoutMs: number,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received, closedByServer });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => drive(socket));
  });
}

/** Writes one byte every `everyMs` until the socket closes; returns a function that stops it. */
export function trickle(socket: Socket, byte: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) clearInterval(timer);
    else socket.write(byte);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
  return () => clearInterval(timer);
}

/** Splits a raw HTTP answer into its status, lower-cased headers and body. */
export function parseRawAnswer(raw: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end === -1 ? '' : raw.slice(end + 4),
  };
}
