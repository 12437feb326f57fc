/**
 * A deprecation marked on the API reference page (`/docs`): Swagger UI marks an operation the
 * contract declares `deprecated: true` natively, which is the whole of the docs' part (the server
 * adds no mark of its own). The real contract deprecates nothing, so the page gets a fixture
 * contract: the served one with getAgent deprecated, handed to the browser in place of
 * /openapi.yaml, which the page reads (as JSON, which is YAML too). The deprecation headers' `Link` points at that operation's anchor (`#/Agents/getAgent`).
 */
import { startReferenceServer, testSeed } from '@assistant-platform/server/testing';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';

const chromiumPath = chromiumForSuite('docs deprecation browser tests');
const VISIBLE = { state: 'visible', timeout: 60_000 } as const;

describe.skipIf(chromiumPath === undefined)('a deprecated operation on the API reference page', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is marked deprecated, and the deprecation Link opens it', async () => {
    const contract = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    Object.assign(contract.paths['/agents/view/{id}']!.get!, {
      deprecated: true,
      'x-deprecated-at': '2026-01-15',
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(`${server.url}/openapi.yaml`, (route) =>
      route.fulfill({ contentType: 'application/yaml; charset=utf-8', body: JSON.stringify(contract) }),
    );
    await page.goto(`${server.url}/docs#/Agents/getAgent`);
    const deprecated = page.locator('#operations-Agents-getAgent');
    await deprecated.waitFor(VISIBLE);
    expect(await deprecated.getAttribute('class')).toContain('opblock-deprecated');
    // The Link's anchor opened the operation, which says it is deprecated.
    await page.getByText('Warning: Deprecated').waitFor(VISIBLE);
    // An operation the contract does not deprecate carries no mark.
    expect(await page.locator('#operations-Agents-createAgent').getAttribute('class')).not.toContain(
      'deprecated',
    );
    await page.close();
  });
});
