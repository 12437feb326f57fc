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

// "Try it out" must call the server that serves this page, under whatever host name and port the
// browser opened it with (localhost, 127.0.0.1, another PORT, a tunnel): each contract's `servers`
// entry names a default address, so the page replaces it with its own origin and hands Swagger UI
// the documents so edited. The platform's document comes first in the selector and opens first; the
// admin API's is the second.
const INIT = `const documents = [
  { url: '/openapi.json', name: 'Platform API', base: '/v1' },
  { url: '/_admin/openapi.json', name: 'Admin API (reference server)', base: '/_admin' },
];
Promise.all(
  documents.map(({ url, name, base }) =>
    fetch(url)
      .then((response) => response.json())
      .then((spec) => {
        spec.servers = [{ url: window.location.origin + base, description: 'This server' }];
        const blob = new Blob([JSON.stringify(spec)], { type: 'application/json' });
        return { url: URL.createObjectURL(blob), name };
      }),
  ),
)
  .then((urls) => {
    window.ui = SwaggerUIBundle({
      urls,
      'urls.primaryName': 'Platform API',
      dom_id: '#swagger-ui',
      deepLinking: true,
      persistAuthorization: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      plugins: [SwaggerUIBundle.plugins.DownloadUrl],
      layout: 'StandaloneLayout',
    });
  })
  .catch((error) => {
    document.getElementById('swagger-ui').textContent = 'Could not load the API documents: ' + error;
  });
`;

/** `GET /docs`: an interactive API reference (Swagger UI) over `/openapi.json` and `/_admin/openapi.json`; `/` leads there. */
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
