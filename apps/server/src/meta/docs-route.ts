import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { packageFile } from '../config/package-files.js';

// Served from the copy of swagger-ui-dist's files in the package's dist/swagger-ui (the build makes
// it: scripts/copy-assets.mjs), so the page works without network access and the package installs
// no second copy of Swagger UI.
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  // The standalone layout's top bar holds the selector between the two documents.
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Assistant Platform API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// Swagger UI reads each contract by its URL on this server, the YAML (so the link under each title
// is the contract's YAML): a document handed over any other way (a `blob:` URL, an object) leaves
// its `$ref`s nothing to resolve against, and every parameter and schema they name renders empty.
// Each contract's `servers` entry is relative (`/v1`, `/_admin`), so "Try it out" calls the server
// that serves the page under whatever host name and port the browser opened it with; nothing is
// rewritten. The platform's document comes first in the selector and opens first.
const INIT = `const here = (path) => new URL(path, window.location.href).href;
window.ui = SwaggerUIBundle({
  urls: [
    { url: here('/openapi.yaml'), name: 'Platform API' },
    { url: here('/_admin/openapi.yaml'), name: 'Admin API (reference server)' },
  ],
  'urls.primaryName': 'Platform API',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: 'StandaloneLayout',
});
`;

/** `GET /docs`: an interactive API reference (Swagger UI) over `/openapi.yaml` and `/_admin/openapi.yaml`; `/` leads there. */
export function registerDocsRoute(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  const noLimit = { rateLimit: false } as const;
  // A browser opened at the bare address (as the banner's origin invites) lands on the reference.
  app.get('/', { config: noLimit }, (_request, reply) => reply.redirect('/docs', 302));
  app.get('/docs', { config: noLimit }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/docs/init.js', { config: noLimit }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(INIT),
  );
  app.get<{ Params: { file: string } }>('/docs/:file', { config: noLimit }, (request, reply) => {
    const type = ASSETS[request.params.file];
    if (!type) return reply.callNotFound();
    let content = cache.get(request.params.file);
    if (!content) {
      content = readFileSync(packageFile('swagger-ui', request.params.file));
      cache.set(request.params.file, content);
    }
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(content);
  });
}
