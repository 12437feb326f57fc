// Loaded into the server by bench/request-files.mjs (`node --import`): V8's precise coverage over
// the whole process, taken (and its counts reset) whenever the parent asks over the IPC channel,
// so what one request runs is what ran between two takes.
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
process.channel?.unref();
process.on('message', async ({ id }) => {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  process.send({ id, result });
});
