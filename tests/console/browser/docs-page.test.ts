/**
 * The API reference page (`/docs`, Swagger UI) in a real browser, opened as `localhost` on a port
 * the system chose (not the default address): no error box, every parameter named (the
 * `Idempotency-Key` header is a `$ref` into the contract's components, which a document handed over
 * as a `blob:` URL left unresolved), and "Try it out" for every operation of both documents, after
 * Swagger UI's Authorize, getting a real answer from this server: a status the operation declares.
 */
import { startReferenceServer, TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';

const chromiumPath = chromiumForSuite('docs page browser tests');

const VISIBLE = { state: 'visible', timeout: 60_000 } as const;

interface Operation {
  operationId: string;
  tag: string;
  statuses: string[];
}

/** Each operation of a served contract, in the document's order, with the statuses it declares. */
async function operationsOf(url: string): Promise<Operation[]> {
  const document = (await (await fetch(url)).json()) as {
    paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: object }>>;
  };
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).map((operation) => ({
      operationId: operation.operationId,
      tag: operation.tags[0] as string,
      statuses: Object.keys(operation.responses),
    })),
  );
}

/** Swagger UI's Authorize dialog, filled with a bearer token (after a logout when one is kept). */
async function authorize(page: Page, token: string): Promise<void> {
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const logout = page.locator('.modal-ux .auth-btn-wrapper button', { hasText: 'Logout' });
  if ((await logout.count()) > 0) await logout.first().click();
  await page.locator('.auth-container input').first().fill(token);
  await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
  await page.locator('.modal-ux .auth-btn-wrapper button.btn-done').click();
}

/** Runs "Try it out" of one operation with what the page fills in; the status shown, and the URL called. */
async function tryOut(page: Page, operation: Operation): Promise<{ status: string; url: string }> {
  const block = page.locator(
    `[id="operations-${operation.tag.replaceAll(' ', '_')}-${operation.operationId}"]`,
  );
  await block.locator('.opblock-summary').first().click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  // Path parameters without an example in the contract: an id no record has (a 404 is an answer).
  for (const input of await block.locator('tr[data-param-in="path"] input').all())
    if ((await input.inputValue()) === '') await input.fill('999999');
  await block.getByRole('button', { name: 'Execute' }).click();
  const status = block.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor(VISIBLE);
  const answered = {
    status: ((await status.textContent()) ?? '').trim(),
    url: ((await block.locator('.request-url pre').first().textContent()) ?? '').trim(),
  };
  // Closed again: every open block is rendered again on each click, and with all 27 of the admin
  // document open each click took seconds.
  await block.locator('.opblock-summary').first().click();
  await block.locator('.opblock-body').waitFor({ state: 'detached', timeout: 60_000 });
  return answered;
}

describe.skipIf(chromiumPath === undefined)('the API reference page in Chromium', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
  let browser: Browser;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed });
    // The server listens on 127.0.0.1 under a port the system chose; the page is opened by name.
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the platform contract without errors, every parameter named, and links its YAML', async () => {
    await page.goto(`${origin}/docs`);
    const createAgent = page.locator('#operations-Agents-createAgent');
    await createAgent.waitFor(VISIBLE);
    await createAgent.locator('.opblock-summary').first().click();
    // The block renders its body after the click: read its parameters once they are there.
    await createAgent.locator('.parameters .parameter__name').first().waitFor(VISIBLE);
    expect(await createAgent.locator('.parameters .parameter__name').allTextContents()).toEqual([
      expect.stringContaining('Idempotency-Key'),
    ]);
    // A resolved `$ref`: the error responses show their envelope, not an empty schema.
    await createAgent.getByText('Invalid input provided').first().waitFor(VISIBLE);
    await createAgent.locator('.opblock-summary').first().click();
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    expect(await page.locator('.servers select option').allTextContents()).toEqual([
      expect.stringMatching(/^\/v1 - /),
    ]);
    expect(await page.locator('.info a').first().getAttribute('href')).toBe(`${origin}/openapi.yaml`);
  });

  it('tries out every platform operation against its own origin, each answered as declared', async () => {
    await authorize(page, TEST_TOKENS.all);
    for (const operation of await operationsOf(`${server?.url}/openapi.json`)) {
      const { status, url } = await tryOut(page, operation);
      expect(url.startsWith(`${origin}/v1/`), `${operation.operationId} called ${url}`).toBe(true);
      expect(operation.statuses, `${operation.operationId} answered ${status}`).toContain(status);
      // Authorize's token went with it.
      expect(status, operation.operationId).not.toBe('401');
    }
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
  }, 300_000);

  it('tries out every admin operation, each answered as declared', async () => {
    await page.locator('.topbar select').selectOption({ label: 'Admin API (reference server)' });
    await page.locator('#operations-Journal-listRequests').waitFor(VISIBLE);
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    expect(await page.locator('.info a').first().getAttribute('href')).toBe(`${origin}/_admin/openapi.yaml`);
    await authorize(page, TEST_TOKENS.operator);
    const operations = await operationsOf(`${server?.url}/_admin/openapi.json`);
    // The journal's live stream answers only once it ends: last, then the server closes it.
    const stream = operations.find((operation) => operation.operationId === 'streamRequests');
    for (const operation of operations.filter((each) => each !== stream)) {
      const { status, url } = await tryOut(page, operation);
      expect(url.startsWith(`${origin}/_admin/`), `${operation.operationId} called ${url}`).toBe(true);
      expect(operation.statuses, `${operation.operationId} answered ${status}`).toContain(status);
      // Authorize's token went with it.
      expect(status, operation.operationId).not.toBe('401');
    }
    if (stream === undefined) throw new Error('admin.yaml has no streamRequests');
    const headers = page.waitForResponse((response) => response.url().endsWith('/_admin/requests/stream'));
    const answered = tryOut(page, stream);
    // Once the stream's headers have come, closing the server ends it, as it ends every stream.
    await headers;
    const closing = server?.close();
    server = undefined;
    const { status } = await answered;
    await closing;
    expect(stream.statuses).toContain(status);
    expect(status).toBe('200');
  }, 300_000);
});
