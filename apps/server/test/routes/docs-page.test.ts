/**
 * The docs page over real HTTP: its "Try it out" calls the server that serves it, under the host name
 * and port the browser used. The page's own script runs here against a stand-in for the browser (its
 * origin, fetch and Swagger UI), which receives the document exactly as the page hands it over.
 */
import { resolveObjectURL } from 'node:buffer';
import { request } from 'node:http';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
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

interface Document {
  info: { title: string };
  servers: { url: string }[];
}

/**
 * Opens the docs page as a browser at `origin` would; resolves with the documents it hands Swagger
 * UI (as blob URLs), in the selector's order, read back.
 */
async function openDocsPage(origin: string): Promise<{ name: string; document: Document }[]> {
  const host = new URL(origin).host;
  const page = await get('/docs', host);
  expect(page.status).toBe(200);
  const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] as string);
  const init = await get(scripts.at(-1) as string, host);
  const options = await new Promise<{ urls: { url: string; name: string }[] }>((resolve, reject) => {
    const browser = {
      URL,
      Blob,
      location: new URL('/docs', origin),
      fetch: async (path: string) => {
        const answer = await get(path, host);
        return { json: async () => JSON.parse(answer.body) };
      },
      SwaggerUIBundle: Object.assign(resolve, { presets: { apis: {} }, plugins: { DownloadUrl: {} } }),
      SwaggerUIStandalonePreset: {},
      document: {
        getElementById: () => ({
          set textContent(text: string) {
            reject(new Error(text));
          },
        }),
      },
    };
    runInNewContext(init.body, { ...browser, window: browser });
  });
  return Promise.all(
    options.urls.map(async ({ url, name }) => ({
      name,
      document: JSON.parse((await resolveObjectURL(url)?.text()) ?? 'null') as Document,
    })),
  );
}

describe('the docs page', () => {
  it('tries requests out against the origin it was opened at, whatever host name or port', async () => {
    const { port } = new URL(server());
    for (const origin of [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://devbox.test:${port}`,
    ]) {
      const [platform, admin] = await openDocsPage(origin);
      expect(platform?.document.servers.map((entry) => entry.url)).toEqual([`${origin}/v1`]);
      expect(admin?.document.servers.map((entry) => entry.url)).toEqual([`${origin}/_admin`]);
    }
  });

  it('names a base URL that answers: an agent read through it is found', async () => {
    const { port } = new URL(server());
    const [platform, admin] = await openDocsPage(`http://localhost:${port}`);
    const base = new URL(platform?.document.servers[0]?.url as string);
    const answer = await get(`${base.pathname}/agents/view/1`, base.host, auth(TEST_TOKENS.read));
    expect(answer.status).toBe(200);
    const adminBase = new URL(admin?.document.servers[0]?.url as string);
    const journal = await get(`${adminBase.pathname}/requests`, adminBase.host, auth(TEST_TOKENS.operator));
    expect(journal.status).toBe(200);
  });

  it('offers the platform API first and the admin API beside it', async () => {
    const { port } = new URL(server());
    const documents = await openDocsPage(`http://localhost:${port}`);
    expect(documents.map(({ name }) => name)).toEqual(['Platform API', 'Admin API (reference server)']);
    expect(documents[0]?.document.info.title).toBe('Assistant Platform API');
    expect(documents[1]?.document.info.title).toMatch(/admin/i);
  });

  it('is where the bare address leads', async () => {
    const answer = await get('/', 'localhost');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/docs');
  });
});
