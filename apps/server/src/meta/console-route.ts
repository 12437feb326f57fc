/**
 * `/console`: the console's built files (apps/console), a page in the browser that watches and
 * steers this server through the admin API. The server is published and the console is not, so
 * the server's build copies the console's `dist` into its own `dist/console` (scripts/copy-assets.mjs)
 * and an installed server carries it (config/package-files.ts finds it). Like /docs, it is neither journaled nor
 * rate limited, and needs no token: the page asks for one and calls the admin API with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { packageFile } from '../config/package-files.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Console not built</title></head>
<body>
  <h1>The console has not been built</h1>
  <p>Run <code>pnpm build</code> at the repository's root, then start the server again.</p>
</body>
</html>
`;

export function registerConsoleRoute(app: FastifyInstance, dir: string = packageFile('console')): void {
  const root = resolve(dir);
  const noLimit = { rateLimit: false } as const;
  // The page is read once; a rebuild of the console needs a restart, as a rebuild of the server does.
  let index: Buffer | null | undefined;
  const page = (reply: FastifyReply) => {
    if (index === undefined) {
      const file = join(root, 'index.html');
      index = existsSync(file) ? readFileSync(file) : null;
    }
    if (index === null)
      return reply
        .code(404)
        .type(TYPES['.html'] as string)
        .send(NOT_BUILT);
    // Always asked again, so a new build's hashed assets are picked up at once.
    return reply
      .type(TYPES['.html'] as string)
      .header('cache-control', 'no-cache')
      .send(index);
  };
  app.get('/console', { config: noLimit }, (_request, reply) => page(reply));
  app.get<{ Params: { '*': string } }>('/console/*', { config: noLimit }, async (request, reply) => {
    const wanted = request.params['*'];
    const type = TYPES[extname(wanted)];
    const file = resolve(root, wanted);
    // A file name with a known type, inside the folder: anything else is a page of the app.
    if (wanted === '' || type === undefined) return page(reply);
    if (!file.startsWith(root + sep)) return reply.callNotFound();
    const content = await readFile(file).catch(() => undefined);
    if (content === undefined) return reply.callNotFound();
    // Vite names assets by their content's hash: a changed file has a new name.
    const cache = wanted.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    return reply.type(type).header('cache-control', cache).send(content);
  });
}
