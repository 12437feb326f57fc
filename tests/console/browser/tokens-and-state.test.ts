/**
 * Tokens and the State view, in Chromium, against a real reference server on a SQLite file the
 * server's own CLI also opens: revoking asks first, naming the token (and warns, then signs out,
 * when it is the console's own); a new token has a copy button; the State view says what a reset
 * drops and keeps, and that is what happens, a token made with the CLI included.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type ReferenceServer,
  startReferenceServer,
  TEST_TOKENS,
  testSeed,
} from '@assistant-platform/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';
import { clipboardText, launch, openPage, SHOTS, signIn, VISIBLE } from './console-page.js';

const chromiumPath = chromiumForSuite('console tokens and state browser tests');
const run = promisify(execFile);
/** The server package's CLI (`assistant-server`), as its `bin` names it. */
const CLI = join(dirname(fileURLToPath(import.meta.resolve('@assistant-platform/server'))), 'cli.js');

describe.skipIf(chromiumPath === undefined)('tokens and state in the console', () => {
  let server: ReferenceServer;
  let browser: Browser;
  let page: Page;
  let dir: string;
  let database: string;
  const status = async (token: string) =>
    (await fetch(`${server.baseUrl}/agents/view/1`, { headers: { authorization: `Bearer ${token}` } }))
      .status;
  /** `assistant-server token create` on the server's database: the token it prints. */
  const cliToken = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [CLI, 'token', 'create', '--account', '1', ...args], {
      env: { ...process.env, DATABASE_URL: database, LOG_LEVEL: 'silent' },
    });
    return stdout.trim().split('\n').at(-1) as string;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-state-'));
    database = join(dir, 'console.sqlite');
    server = await startReferenceServer({ seed: testSeed, env: { DATABASE_URL: database } });
    browser = await launch(chromiumPath as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await server.admin.reset();
    page = await openPage(browser, server.url);
  });

  it('asks before revoking a token, naming it; Cancel keeps it working', async () => {
    await signIn(page, server.url, TEST_TOKENS.admin);
    await page.getByRole('link', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Revoke read' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke token read?' });
    await dialog.waitFor(VISIBLE);
    await dialog
      .getByText(/Token read \(#3, account 1, scopes agents:read\) will answer 401/)
      .waitFor(VISIBLE);
    expect(await dialog.getByText(/signed in with/).count()).toBe(0);
    // Focus starts on Cancel: Enter pressed by habit revokes nothing.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    expect(await status(TEST_TOKENS.read)).toBe(200);

    await page.getByRole('button', { name: 'Revoke read' }).click();
    await dialog.getByRole('button', { name: 'Revoke read' }).click();
    // The row's second time (Created, then Revoked) shows once the revoke is answered. Any time on
    // the page would match the Created column at once, before the server had revoked anything.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'read', exact: true }) })
      .getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}T/ })
      .nth(1)
      .waitFor(VISIBLE);
    expect(await status(TEST_TOKENS.read)).toBe(401);
    await page.context().close();
  });

  it('warns before revoking the token the console is signed in with, then signs out', async () => {
    const own = await cliToken('--scopes', 'admin', '--name', 'my-console');
    await signIn(page, server.url, own);
    await page.getByRole('link', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Revoke my-console (signed in)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke token my-console?' });
    await dialog
      .getByText(/This is the token you are signed in with: the console signs out/)
      .waitFor(VISIBLE);
    await page.screenshot({ path: `${SHOTS}revoke-own.png` });
    await dialog.getByRole('button', { name: 'Revoke my-console and sign out' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'You revoked the token you were signed in with' })
      .waitFor(VISIBLE);
    await page.getByLabel('Admin token').waitFor(VISIBLE);
    expect(await status(own)).toBe(401);
    await page.context().close();
  });

  it('copies a new token with its button', async () => {
    await signIn(page, server.url, TEST_TOKENS.admin);
    await page.getByRole('link', { name: 'Data' }).click();
    await page.getByLabel('Name', { exact: true }).fill('copied');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'shown only this once' });
    await shown.waitFor(VISIBLE);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await shown.getByText('Copied.').waitFor(VISIBLE);
    const copied = await clipboardText(page);
    expect(copied).toBe(await shown.locator('code').textContent());
    expect(await status(copied)).toBe(200);
    await page.context().close();
  });

  it('says an operator’s reset drops tokens made since start-up, the CLI’s too, and it does', async () => {
    const made = await cliToken('--scopes', 'agents:read', '--name', 'from-cli');
    expect(await status(made)).toBe(200);
    await signIn(page, server.url, TEST_TOKENS.operator);
    await page.getByRole('link', { name: 'State' }).click();
    await page
      .getByRole('listitem')
      .filter({
        hasText: 'every token made since start-up: on the Data page, through the admin API, or with the CLI',
      })
      .waitFor(VISIBLE);
    await page
      .getByText('the start-up data: the seed’s accounts, tokens and records, and the dev token')
      .waitFor(VISIBLE);
    await page.screenshot({ path: `${SHOTS}state-operator.png`, fullPage: true });
    await page.getByRole('button', { name: 'Reset server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the server?' });
    await dialog.getByText(/with the CLI/).waitFor(VISIBLE);
    await dialog.getByRole('button', { name: 'Reset everything' }).click();
    await page.getByRole('status').filter({ hasText: 'Reset to the start-up state' }).waitFor(VISIBLE);
    expect(await status(made)).toBe(401);
    expect(await status(TEST_TOKENS.read)).toBe(200);
    await page.context().close();
  });

  it('says an account’s reset keeps the other accounts, and refuses to drop the token it is made with', async () => {
    const own = await cliToken('--scopes', '*', '--name', 'cli-admin');
    await signIn(page, server.url, own);
    await page.getByRole('link', { name: 'State' }).click();
    await page
      .getByRole('listitem')
      .filter({
        hasText:
          'account 1’s tokens made since start-up: on the Data page, through the admin API, or with the CLI',
      })
      .waitFor(VISIBLE);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'every other account’s data, requests, rules and fixtures' })
      .waitFor(VISIBLE);
    await page.getByText(/would drop the token you are signed in with .* is refused/).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Reset account 1' }).click();
    await page
      .getByRole('dialog', { name: 'Reset account 1?' })
      .getByRole('button', { name: 'Reset account 1' })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^400 .*no import locks you out/ })
      .waitFor(VISIBLE);
    expect(await status(own)).toBe(200);
    await page.context().close();
  });
});
