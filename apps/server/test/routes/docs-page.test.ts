/**
 * The docs page over real HTTP: Swagger UI is handed each contract by its URL on this server (never
 * a rewritten copy), and each contract's `servers` entry is relative, so "Try it out" calls the
 * origin the page was opened at. The page itself runs in Chromium in tests/console.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const server = useListeningTestApp();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET `path` from the test server with the `Host` header a browser would send for `host`. */
function get(path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server());
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** The documents the page's script hands Swagger UI: `{ url, name }`, the URL made absolute at `origin`. */
async function pageDocuments(origin: string): Promise<{ url: URL; name: string }[]> {
  const host = new URL(origin).host;
  const page = await get('/docs', host);
  expect(page.status).toBe(200);
  const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] as string);
  const init = (await get(scripts.at(-1) as string, host)).body;
  expect(init).not.toMatch(/blob|createObjectURL|servers/);
  return [...init.matchAll(/url: here\('([^']+)'\), name: '([^']+)'/g)].map((match) => ({
    url: new URL(match[1] as string, `${origin}/docs`),
    name: match[2] as string,
  }));
}

describe('the docs page', () => {
  it("hands Swagger UI the contracts' YAML by URL, the platform's first", async () => {
    const origin = `http://localhost:${new URL(server()).port}`;
    const documents = await pageDocuments(origin);
    expect(documents.map(({ url, name }) => [url.href, name])).toEqual([
      [`${origin}/openapi.yaml`, 'Platform API'],
      [`${origin}/_admin/openapi.yaml`, 'Admin API (reference server)'],
    ]);
    const [platform, admin] = await Promise.all(
      documents.map(async ({ url }) => parse((await get(url.pathname, url.host)).body)),
    );
    expect(platform.info.title).toBe('Assistant Platform API');
    expect(admin.info.title).toMatch(/admin/i);
    // Bundled: no reference leaves the document, so a browser resolves every one.
    expect(JSON.stringify(admin)).not.toContain('openapi.yaml#');
  });

  it('declares relative servers, which answer under whatever origin the page was opened at', async () => {
    const [platform, admin] = await Promise.all(
      ['/openapi.yaml', '/_admin/openapi.yaml'].map(async (path) => parse((await get(path, 'x.test')).body)),
    );
    expect(platform.servers.map((entry: { url: string }) => entry.url)).toEqual(['/v1']);
    expect(admin.servers.map((entry: { url: string }) => entry.url)).toEqual(['/_admin']);
    const { port } = new URL(server());
    for (const host of [`localhost:${port}`, `devbox.test:${port}`]) {
      const base = new URL(platform.servers[0].url, `http://${host}/openapi.yaml`);
      expect((await get(`${base.pathname}/agents/view/1`, host, auth(TEST_TOKENS.read))).status).toBe(200);
      const adminBase = new URL(admin.servers[0].url, `http://${host}/_admin/openapi.yaml`);
      const journal = await get(`${adminBase.pathname}/requests`, host, auth(TEST_TOKENS.operator));
      expect(journal.status).toBe(200);
    }
  });

  it('is where the bare address leads', async () => {
    const answer = await get('/', 'localhost');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/docs');
  });
});
