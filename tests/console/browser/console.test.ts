/**
 * The console in a real browser against a real reference server serving its build: what a person
 * does with it, step by step, seen as they would see it. Waits are Playwright's own (a locator
 * waits until it is visible), never fixed sleeps. Screenshots go to test-results/console/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createAdminClient,
  type ReferenceServer,
  startReferenceServer,
  TEST_TOKENS,
  testChatBody,
  testSeed,
} from '@assistant-platform/server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';
import { focusedInView } from './console-page.js';

const chromiumPath = chromiumForSuite('console browser tests');

const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));
const VISIBLE = { state: 'visible', timeout: 60_000 } as const;

describe.skipIf(chromiumPath === undefined)('the console in Chromium', () => {
  let server: ReferenceServer;
  let browser: Browser;
  let page: Page;
  const platform = (path: string) =>
    fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${TEST_TOKENS.all}` } });

  async function signIn(target: Page, token: string) {
    await target.goto(`${server.url}/console`);
    await target.getByLabel('Admin token').fill(token);
    await target.getByRole('button', { name: 'Sign in' }).click();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startReferenceServer({ seed: testSeed });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      // Containers often run as root, where Chromium's sandbox cannot start.
      args: ['--no-sandbox'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says why a token cannot sign in: no admin scope (403) or unknown (401)', async () => {
    await signIn(page, TEST_TOKENS.read);
    await page.getByRole('alert').filter({ hasText: 'lacks the admin scope' }).waitFor(VISIBLE);
    await page.getByLabel('Admin token').fill('not-a-known-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'unknown or revoked' }).waitFor(VISIBLE);
  });

  it('signs in, and shows a platform request as it happens, then its detail', async () => {
    await signIn(page, TEST_TOKENS.admin);
    // Account 1's admin: its view is named, and the operator's summary is not offered.
    await page.getByText('View: Account 1').waitFor(VISIBLE);
    expect(await page.getByRole('link', { name: 'Violations' }).count()).toBe(0);
    await page.getByText('Live', { exact: true }).waitFor(VISIBLE);
    // Another account's request comes first; only account 1's reaches this view.
    const globex = await fetch(`${server.baseUrl}/agents/view/3`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.other}` },
    });
    expect(globex.status).toBe(200);
    // Its icon is inline: the browser never asks the server for /favicon.ico.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    expect((await platform('/agents/view/1')).status).toBe(200);
    const row = page.getByRole('button', { name: /GET \/v1\/agents\/view\/1 200/ });
    await row.waitFor(VISIBLE);
    expect(await page.getByRole('button', { name: /GET \/v1\/agents\/view\/3 200/ }).count()).toBe(0);
    await row.click();
    await page.getByRole('heading', { name: 'GET /v1/agents/view/1' }).waitFor(VISIBLE);
    await page.getByRole('cell', { name: '[redacted]' }).waitFor(VISIBLE);
    // Where the time went, from the answer's Server-Timing: the token, the database, the rest.
    const spent = await page
      .getByRole('list', { name: 'Where the time went' })
      .getByRole('listitem')
      .allTextContents();
    expect(spent.map((text) => text.replace(/[\d.]+ ms \(\d+ %\)/, 'N ms'))).toEqual([
      'token: N ms',
      'database: N ms',
      'other: N ms',
    ]);
    // Its stages as a waterfall on the request's axis: the token's lookup, then the database.
    const stages = page.getByRole('list', { name: 'Waterfall' }).getByRole('listitem');
    expect(
      (await stages.allTextContents()).map((text) => text.replace(/at [\d.]+\sms, [\d.]+\sms/, 'T')),
    ).toEqual(['authT', 'dbT']);
    // The database's stage starts once the token's lookup has ended, and its bar is drawn after it.
    const [auth, db] = (await stages.allTextContents()).map((text) =>
      (/at ([\d.]+)\sms, ([\d.]+)\sms/.exec(text) ?? []).slice(1).map(Number),
    );
    expect(db?.[0]).toBeGreaterThanOrEqual((auth?.[0] ?? Number.NaN) + (auth?.[1] ?? Number.NaN) - 0.01);
    const [authLeft, dbLeft] = await page
      .locator('.waterfall-track > span')
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().left));
    expect(dbLeft).toBeGreaterThanOrEqual(authLeft ?? Number.POSITIVE_INFINITY);
    const curl = await page.getByTitle('curl command').textContent();
    expect(curl).toContain('Bearer $TOKEN');
    expect(curl).not.toContain(TEST_TOKENS.all);
    await page.screenshot({ path: `${SHOTS}requests.png`, fullPage: true });
  });

  it('adds a fault rule with the form, and the next matching request fails with 503', async () => {
    await page.getByRole('link', { name: 'Faults & fixtures' }).click();
    await page.getByLabel('Path').fill('/v1/agents/view/2');
    await page.getByLabel('Answer status').selectOption('503');
    await page.getByLabel('At most this many times (empty: always)').first().fill('1');
    await page.getByRole('button', { name: 'Add fault rule' }).click();
    await page.getByRole('button', { name: 'Remove rule 1' }).waitFor(VISIBLE);
    await page.getByText('fired 0 of 1 times', { exact: false }).waitFor(VISIBLE);
    await page.getByText('Live', { exact: true }).waitFor(VISIBLE);

    expect((await platform('/agents/view/2')).status).toBe(503);
    // The view follows the journal: the count and the list move without Reload.
    await page.getByText('fired 1 of 1 times', { exact: false }).waitFor(VISIBLE);
    await page
      .getByRole('list', { name: 'Fired recently' })
      .getByRole('listitem')
      .filter({ hasText: 'GET /v1/agents/view/2 → 503 (rule 1)' })
      .waitFor(VISIBLE);
    await page.screenshot({ path: `${SHOTS}faults.png`, fullPage: true });
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('button', { name: /GET \/v1\/agents\/view\/2 503/ }).waitFor(VISIBLE);
  });

  it('shows a streamed chat’s answer beside its events on a time axis', async () => {
    const chat = await fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody({ stream: true })),
    });
    expect(await chat.text()).toContain('data: [DONE]');
    await page.getByRole('button', { name: /POST \/v1\/agents\/chat\/request 200/ }).click();
    await page.getByRole('heading', { name: /^Events \(\d+\) over \d+(\.\d+)? m?s$/ }).waitFor(VISIBLE);
    await page.getByText('Complete: the stream ended with [DONE].').waitFor(VISIBLE);
    await page.getByRole('listitem').filter({ hasText: '[DONE]' }).first().waitFor(VISIBLE);
  });

  it('lists the data, and creates a token that is shown once and works', async () => {
    await page.getByRole('link', { name: 'Data' }).click();
    await page.getByRole('button', { name: '#1 Support triage' }).click();
    await page.getByText('Answer politely.').waitFor(VISIBLE);
    await page.getByLabel('Name', { exact: true }).fill('from-console');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'shown only this once' });
    await shown.waitFor(VISIBLE);
    const token = (await shown.locator('code').textContent()) ?? '';
    const call = await fetch(`${server.baseUrl}/agents/view/1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.status).toBe(200);
    await page.getByRole('button', { name: 'Revoke from-console' }).waitFor(VISIBLE);
    // An account's admin gives every scope but operator.
    expect(await page.getByRole('checkbox', { name: 'operator' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: '*' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}data.png`, fullPage: true });
  });

  it('resets its account after asking for confirmation', async () => {
    await page.getByRole('link', { name: 'State' }).click();
    await page.getByRole('button', { name: 'Reset account 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset account 1?' });
    await dialog.waitFor(VISIBLE);
    // Focus starts on Cancel: Enter pressed by habit keeps the data.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    expect(await cancel.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Reset account 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Reset to the start-up state' }).waitFor(VISIBLE);
    await page.screenshot({ path: `${SHOTS}state.png`, fullPage: true });
    const faults = await fetch(`${server.url}/_admin/faults`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.admin}` },
    });
    expect(((await faults.json()) as { data: { faults: unknown[] } }).data.faults).toEqual([]);
  });

  it('imports a state file of its account only once the replacement is confirmed', async () => {
    const state = await createAdminClient(server.url, TEST_TOKENS.admin).state.export();
    const renamed = {
      ...state,
      agents: state.agents?.map((agent) => (agent.id === 2 ? { ...agent, name: 'Imported billing' } : agent)),
    };
    const file = `${SHOTS}imported-state.json`;
    writeFileSync(file, JSON.stringify(renamed));
    const agentName = async () =>
      ((await (await platform('/agents/view/2')).json()) as { data: { name: string } }).data.name;
    const before = await agentName();

    await page.getByRole('link', { name: 'State' }).click();
    const input = page.getByLabel('Replace account 1’s data with a state file (JSON)');
    await input.setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Replace account 1’s data?' });
    await dialog.waitFor(VISIBLE);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    expect(await agentName()).toBe(before);

    await input.setInputFiles([]);
    await input.setInputFiles(file);
    await dialog.waitFor(VISIBLE);
    await dialog.getByRole('button', { name: 'Replace account 1’s data' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported imported-state.json' }).waitFor(VISIBLE);
    expect(await agentName()).toBe('Imported billing');
  });

  it('keeps the request list usable on a 390 px wide screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone, TEST_TOKENS.admin);
      await phone.getByText('Live', { exact: true }).waitFor(VISIBLE);
      await platform('/agents/view/1');
      const row = phone.getByRole('button', { name: /GET \/v1\/agents\/view\/1 200/ });
      await row.waitFor(VISIBLE);
      // Nothing wider than the screen: no sideways scrolling to read a request.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await row.click();
      await phone.getByRole('heading', { name: 'GET /v1/agents/view/1' }).waitFor(VISIBLE);
      await phone.screenshot({ path: `${SHOTS}requests-390.png`, fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('shows the tokens at 390 px as labelled blocks that stay a table, nothing wider than the screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone, TEST_TOKENS.admin);
      await phone.getByRole('link', { name: 'Data' }).click();
      const tokens = phone.getByRole('table');
      await tokens.getByRole('cell', { name: 'transcriptions', exact: true }).waitFor(VISIBLE);
      expect(await tokens.getByRole('columnheader').allTextContents()).toEqual([
        'Id',
        'Name',
        'Scopes',
        'Account',
        'Created',
        'Revoked',
      ]);
      const widths = await phone.evaluate(() => {
        const wrap = document.querySelector('.table-wrap') as HTMLElement;
        return { page: document.documentElement.scrollWidth, table: wrap.scrollWidth - wrap.clientWidth };
      });
      expect(widths).toEqual({ page: 390, table: 0 });
      await phone.screenshot({ path: `${SHOTS}data-390.png`, fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('keeps the confirmation dialog off the screen’s edges at 390 px', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone, TEST_TOKENS.admin);
      await phone.getByRole('link', { name: 'State' }).click();
      await phone.getByRole('button', { name: 'Reset account 1' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Reset account 1?' });
      await dialog.waitFor(VISIBLE);
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(8);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390 - 8);
      await phone.screenshot({ path: `${SHOTS}dialog-390.png` });
      await phone.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    } finally {
      await phone.close();
    }
  });

  it('at 390 px, Enter on a request moves focus to its detail, in view, and Close goes back to the row', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone, TEST_TOKENS.admin);
      await phone.getByText('Live', { exact: true }).waitFor(VISIBLE);
      // Enough requests that the list is longer than the screen and the detail opens below it.
      for (let id = 1; id <= 16; id++) await platform(`/agents/view/${id % 2 === 0 ? 1 : 2}`);
      await platform('/agents/view/999');
      const row = phone.getByRole('button', { name: /GET \/v1\/agents\/view\/999 404/ });
      await row.waitFor(VISIBLE);
      await row.focus();
      await phone.keyboard.press('Enter');

      const heading = phone.getByRole('heading', { name: 'GET /v1/agents/view/999' });
      await heading.waitFor(VISIBLE);
      expect(await focusedInView(heading)).toEqual({ focused: true, inView: true });

      await phone.keyboard.press('Tab');
      await phone.keyboard.press('Enter');
      await heading.waitFor({ state: 'detached', timeout: 60_000 });
      expect(await row.evaluate((element) => document.activeElement === element)).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('as the operator, names the operator’s view: every account’s requests, the violations summary', async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(operator, TEST_TOKENS.operator);
      await operator.getByText('View: Operator: every account').waitFor(VISIBLE);
      await operator.getByText('Live', { exact: true }).waitFor(VISIBLE);
      const globex = await fetch(`${server.baseUrl}/agents/view/3`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.other}` },
      });
      expect(globex.status).toBe(200);
      // Account 2's requests, this one and the one account 1's admin never saw.
      await operator
        .getByRole('button', { name: /GET \/v1\/agents\/view\/3 200/ })
        .first()
        .waitFor(VISIBLE);
      await operator.getByRole('link', { name: 'Violations' }).click();
      await operator.getByRole('heading', { name: /^Contract violations \(0\)$/ }).waitFor(VISIBLE);
      await operator.getByRole('link', { name: 'State' }).click();
      await operator.getByRole('button', { name: 'Reset server' }).waitFor(VISIBLE);
      await operator.getByRole('link', { name: 'Data' }).click();
      await operator.getByRole('checkbox', { name: 'operator' }).waitFor(VISIBLE);
      await operator.screenshot({ path: `${SHOTS}operator.png`, fullPage: true });
    } finally {
      await operator.close();
    }
  });
});
