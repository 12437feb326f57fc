/**
 * The console of a validation proxy, in Chromium: a request that breaks the contract shows its
 * violation in the list and the detail, and the Violations view sums it up and clears it. The
 * proxy is a reference server started with PROXY_TARGET in front of another, standing in for the
 * hosted service; a request without a token is the break (the target answers it 401 correctly).
 */
import { type ReferenceServer, startReferenceServer, TEST_TOKENS } from '@assistant-platform/server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';

const chromiumPath = chromiumForSuite('proxy console browser tests');
const VISIBLE = { state: 'visible', timeout: 60_000 } as const;

describe.skipIf(chromiumPath === undefined)('the console of a validation proxy', () => {
  let target: ReferenceServer;
  let proxy: ReferenceServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    target = await startReferenceServer();
    proxy = await startReferenceServer({ env: { PROXY_TARGET: target.baseUrl } });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${proxy.url}/console`);
    await page.getByLabel('Admin token').fill(TEST_TOKENS.operator);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Live', { exact: true }).waitFor(VISIBLE);
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await target?.close();
  });

  it('marks a request that breaks the contract, and names the rule in its detail', async () => {
    expect((await fetch(`${proxy.baseUrl}/agents/view/1`)).status).toBe(401);
    const row = page.getByRole('button', { name: /GET \/v1\/agents\/view\/1 401.*1 violation/ });
    await row.waitFor(VISIBLE);
    await row.click();
    await page.getByText('Breaks one rule of the contract.').waitFor(VISIBLE);
    await page.getByText('request-authorization', { exact: true }).waitFor(VISIBLE);
  });

  it('sums violations up by operation and rule, and clears them', async () => {
    await page.getByRole('link', { name: 'Violations' }).click();
    await page.getByRole('heading', { name: 'Contract violations (1)' }).waitFor(VISIBLE);
    const group = page.getByRole('row', { name: /getAgent request-authorization 1/ });
    await group.waitFor(VISIBLE);
    expect(await group.textContent()).toContain('GET /v1/agents/view/1 → 401');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('No violation.', { exact: false }).waitFor(VISIBLE);
    await page.getByRole('heading', { name: 'Contract violations (0)' }).waitFor(VISIBLE);
  });
});
