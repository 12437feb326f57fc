import { defineConfig } from 'vitest/config';

/**
 * Built to static files under dist/, which the server's build copies and serves at /console (see
 * the server's meta/console-route.ts): every URL in the page starts with /console/, and assets are
 * named by their content's hash so the server can let browsers keep them. Preact through JSX's
 * automatic runtime needs no plugin. `pnpm dev` proxies the APIs to a server on the default port.
 */
export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: {
    proxy: { '/_admin': 'http://127.0.0.1:4010', '/v1': 'http://127.0.0.1:4010' },
  },
  test: { name: 'console', include: ['test/**/*.test.ts'], environment: 'node' },
});
