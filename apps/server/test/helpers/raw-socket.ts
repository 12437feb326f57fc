import { connect, type Socket } from 'node:net';

export interface RawExchange {
  socket: Socket;
  /** Resolves with everything the server sent once it closed the connection. */
  closed: Promise<string>;
}

/** A plain TCP connection to `url`'s host and port, for requests no HTTP client would send. */
export async function openRaw(url: string): Promise<RawExchange> {
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

export interface ParsedAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Splits one raw HTTP/1.1 answer with a JSON body (the envelopes) into its parts. */
export function parseAnswer(raw: string): ParsedAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(raw.slice(split + 4)) };
}
