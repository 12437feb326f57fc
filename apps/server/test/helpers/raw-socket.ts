/**
 * Plain TCP conversations with the server, for what an HTTP client library refuses to send: broken
 * request lines, oversized headers, bodies trickled a byte at a time, connections left half-done.
 */
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Resolves with everything the server sent once it closed the connection. */
  closed: Promise<string>;
}

/** A plain TCP connection to `url`'s host and port. */
export async function openRaw(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer still leaves what was received.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  return { socket, closed };
}

/** Writes `bytes`, then waits for the server to answer and close. */
export async function sendRaw(url: string, bytes: string): Promise<string> {
  const { socket, closed } = await openRaw(url);
  socket.write(bytes);
  return closed;
}

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

/** The same for an answer with a JSON body (the envelopes); fails on anything else. */
export function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  if (!raw.includes('\r\n\r\n')) throw new Error(`not an HTTP answer: ${JSON.stringify(raw.slice(0, 200))}`);
  const answer = parseRawAnswer(raw);
  return { ...answer, body: JSON.parse(answer.body) };
}
