/**
 * A server process's memory, read from outside it as an operator would: its heap in use after a
 * full garbage collection, through the DevTools protocol of a process started with
 * `NODE_OPTIONS=--inspect=127.0.0.1:0` (undici's WebSocket client), and its resident set from
 * /proc. Nothing in the server is there for tests.
 */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'undici';

/** The inspector's WebSocket address, from the output of a process started with --inspect. */
export function inspectorUrl(output: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (url === undefined)
    throw new Error(`no inspector address in the server's output: ${output.slice(0, 500)}`);
  return url;
}

/** Bytes of the process's heap in use right after two full collections. */
export async function heapUsedAfterGc(inspector: string): Promise<number> {
  const socket = new WebSocket(inspector);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${inspector}`)));
  });
  let lastId = 0;
  const answers = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) answers.get(message.id)?.(message.result);
  });
  const send = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++lastId;
      answers.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  } finally {
    socket.close();
  }
}

/** The process's resident set in bytes (Linux's /proc). */
export function residentBytes(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kilobytes === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}
