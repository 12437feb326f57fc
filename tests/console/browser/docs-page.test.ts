/**
 * The API reference page (`/docs`, Swagger UI) in a real browser: "Try it out" calls the server that
 * serves the page, whatever host name it was opened with, so a person who opens it as `localhost`
 * on another port gets answers instead of failed calls to the default address.
 */
import { startReferenceServer, TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './chromium.js';

const found = findChromium();
if ('missing' in found) console.warn(`docs page browser tests skipped: ${found.missing}`);

const VISIBLE = { state: 'visible', timeout: 10_000 } as const;

describe.skipIf('missing' in found)('the API reference page in Chromium', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed });
    browser = await chromium.launch({
      executablePath: 'path' in found ? found.path : '',
      args: ['--no-sandbox'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('tries a request out against its own origin when opened as localhost on a free port', async () => {
    // The server listens on 127.0.0.1 under a port the system chose; the page is opened by name.
    const origin = server.url.replace('127.0.0.1', 'localhost');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/docs`);
    const servers = page.locator('.servers select');
    await servers.waitFor(VISIBLE);
    expect(await servers.locator('option').allTextContents()).toEqual([`${origin}/v1 - This server`]);

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.locator('.auth-container input').first().fill(TEST_TOKENS.all);
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
    await page.locator('.modal-ux .auth-btn-wrapper button.btn-done').click();

    await page.locator('#operations-Agents-getAgent').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.locator('#operations-Agents-getAgent input[placeholder="id"]').fill('1');
    await page.getByRole('button', { name: 'Execute' }).click();
    const status = page.locator(
      '#operations-Agents-getAgent .live-responses-table tbody .response-col_status',
    );
    await status.first().waitFor(VISIBLE);
    expect((await status.first().textContent())?.trim()).toBe('200');
    expect(await page.locator('#operations-Agents-getAgent .request-url pre').textContent()).toBe(
      `${origin}/v1/agents/view/1`,
    );
    await page.close();
  });
});
