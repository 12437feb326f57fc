/**
 * The Requests view as a place to work, in Chromium, against a real reference server: a streamed
 * chat's answer assembled beside its events on a time axis with a scale (and a cut stream said to
 * be cut), "copy as curl" that keeps only the headers that matter and replays as the original did
 * (run by the shell and curl themselves), and the list's body search, Pause and Clear view, which
 * change this page alone and never the server's journal.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  type ReferenceServer,
  startReferenceServer,
  TEST_TOKENS,
  testChatBody,
  testSeed,
} from '@assistant-platform/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';
import {
  clipboardText,
  hasFocus,
  launch,
  openPage,
  SHOTS,
  signIn,
  VISIBLE,
  widerThanScreen,
} from './console-page.js';

const chromiumPath = chromiumForSuite('console requests browser tests');
const run = promisify(execFile);

/** The text a client reads from a chat stream: every `delta.content` of its `data:` events. */
function streamedText(body: string): string {
  return body
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => line.slice('data: '.length))
    .filter((data) => data !== '[DONE]')
    .map(
      (data) =>
        (JSON.parse(data) as { request: { delta: { content?: string } }[] }).request[0]?.delta.content ?? '',
    )
    .join('');
}

describe.skipIf(chromiumPath === undefined)('the Requests view as a place to work', () => {
  let server: ReferenceServer;
  let browser: Browser;
  let page: Page;
  const platform = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${TEST_TOKENS.all}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const streamChat = async (text: string, prefer?: string) => {
    const answer = await platform('/agents/chat/request', {
      method: 'POST',
      headers: prefer ? { prefer } : {},
      body: JSON.stringify(
        testChatBody({ stream: true, message: { role: 'user', content: [{ type: 'text', text }] } }),
      ),
    });
    // A cut stream ends the connection without its last event: what came is what the client read.
    return answer.text().catch(() => '');
  };

  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed, env: { RATE_LIMIT_MAX: '100000' } });
    browser = await launch(chromiumPath as string);
    page = await openPage(browser, server.url);
    await signIn(page, server.url, TEST_TOKENS.admin);
    await page.getByText('Live', { exact: true }).waitFor(VISIBLE);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('assembles a streamed chat’s answer beside its events, on an axis with a scale', async () => {
    const body = await streamChat('Where is my parcel?');
    expect(body).toContain('data: [DONE]');
    const expected = streamedText(body);
    expect(expected.length).toBeGreaterThan(0);
    await page
      .getByRole('button', { name: /POST \/v1\/agents\/chat\/request 200/ })
      .first()
      .click();

    const answer = page.getByRole('region', { name: 'Answer, assembled from the events' });
    await answer.waitFor(VISIBLE);
    expect(await answer.locator('.answer-text').textContent()).toBe(expected);
    await answer.getByText('Complete: the stream ended with [DONE].').waitFor(VISIBLE);
    await answer.getByText('Finish reason: stop').waitFor(VISIBLE);

    const events = body.split('\n\n').filter((block) => block.startsWith('data: ')).length;
    await page
      .getByRole('heading', { name: new RegExp(`^Events \\(${events}\\) over \\d+(\\.\\d+)? m?s$`) })
      .waitFor(VISIBLE);
    const scale = await page.locator('.scale-tick').allTextContents();
    expect(scale[0]).toBe('0 ms');
    expect(scale.length).toBeGreaterThanOrEqual(2);
    expect(scale.every((label) => /^\d+(\.\d+)? m?s$/.test(label))).toBe(true);
    await page.getByText('Time from the start of the answer').waitFor(VISIBLE);
    // Each event says what it added to the answer; its raw data opens beneath.
    const firstPiece = page.locator('.events q').first();
    expect(expected.startsWith((await firstPiece.textContent()) ?? '∅')).toBe(true);
    // Beside: the answer and the events side by side at this width.
    const [answerBox, eventsBox] = await Promise.all([
      answer.boundingBox(),
      page.locator('.stream-events').boundingBox(),
    ]);
    expect((answerBox?.x ?? 0) + (answerBox?.width ?? 0)).toBeLessThanOrEqual(eventsBox?.x ?? 0);
    await page.getByRole('heading', { name: 'Streamed answer' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}stream-events.png` });
  });

  it('says a stream cut before [DONE] was cut, its text no complete answer', async () => {
    await streamChat('Cut me short', 'disconnect-after=2');
    // The second chat's row, newest first, once the stream has brought it.
    const chats = page.getByRole('button', { name: /POST \/v1\/agents\/chat\/request 200/ });
    await chats.nth(1).waitFor(VISIBLE);
    await chats.first().click();
    const answer = page.getByRole('region', { name: 'Answer, assembled from the events' });
    await answer.getByText(/^Cut: the stream ended without \[DONE\]/).waitFor(VISIBLE);
  });

  it('copies as curl only the headers that matter, and the command replays as the request did', async () => {
    // Sent from the console's own page, so the browser adds its own headers, as an app's would.
    const sent = await page.evaluate(async (token) => {
      const response = await fetch('/v1/agents/create', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': 'console-curl-1',
          prefer: 'delay=1',
        },
        body: JSON.stringify({ name: 'Curl it', instruction: 'Answer politely.' }),
      });
      return { status: response.status, body: await response.json() };
    }, TEST_TOKENS.all);
    expect(sent.status).toBe(201);
    await page
      .getByRole('button', { name: /POST \/v1\/agents\/create 201/ })
      .first()
      .click();
    // The journal has the browser's headers; the command has none of them.
    await page.getByRole('rowheader', { name: 'sec-fetch-mode' }).waitFor(VISIBLE);
    await page.getByRole('rowheader', { name: 'accept-language' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.getByText('Copied; set $TOKEN to a token first.').waitFor(VISIBLE);
    const command = await clipboardText(page);
    expect(command).toBe(await page.getByTitle('curl command').textContent());
    expect(command).toContain(`-H "authorization: Bearer $TOKEN"`);
    expect(command).toContain(`-H 'content-type: application/json'`);
    expect(command).toContain(`-H 'idempotency-key: console-curl-1'`);
    expect(command).toContain(`-H 'prefer: delay=1'`);
    for (const header of ['accept-language', 'sec-fetch', 'user-agent', 'origin', 'referer', 'x-request-id'])
      expect(command).not.toContain(header);

    // The shell and curl run it: the same key gets the stored answer back.
    const { stdout } = await run('sh', ['-c', `${command} --silent --include`], {
      env: { ...process.env, TOKEN: TEST_TOKENS.all },
    });
    expect(stdout).toMatch(/^idempotent-replayed: true\r?$/im);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{')))).toEqual(sent.body);
  });

  it('searches bodies, pauses and clears the list, each in this page only', async () => {
    const agent = (name: string) =>
      platform('/agents/create', {
        method: 'POST',
        body: JSON.stringify({ name, instruction: 'Be brief.' }),
      });
    expect((await agent('Needle-42 agent')).status).toBe(201);
    expect((await agent('Haystack agent')).status).toBe(201);
    const rows = page.getByRole('list', { name: 'Recorded requests' }).getByRole('button');
    const search = page.getByLabel('Body contains');
    await search.fill('NEEDLE-42');
    await page.getByText(/^1 of \d+ shown$/).waitFor(VISIBLE);
    await search.fill('');

    // From the keyboard: Pause and Resume keep the focus.
    const pause = page.getByRole('button', { name: 'Pause', exact: true });
    await pause.focus();
    await page.keyboard.press('Enter');
    const before = await rows.count();
    expect((await platform('/agents/view/1')).status).toBe(200);
    await page.getByRole('button', { name: 'Resume (1 new)' }).waitFor(VISIBLE);
    expect(await rows.count()).toBe(before);
    expect(await hasFocus(page.getByRole('button', { name: 'Resume (1 new)' }))).toBe(true);
    await page.keyboard.press('Enter');
    await pause.waitFor(VISIBLE);
    expect(await hasFocus(pause)).toBe(true);
    expect(await rows.count()).toBe(before + 1);

    const journal = (await server.admin.requests({ limit: 1000 })).length;
    await page.getByRole('button', { name: 'Clear view' }).click();
    await page.getByText('Cleared: requests made from now on appear here.').waitFor(VISIBLE);
    await page.getByText(/change this page only: the server’s journal keeps every request/).waitFor(VISIBLE);
    expect((await server.admin.requests({ limit: 1000 })).length).toBe(journal);
    expect((await platform('/agents/view/2')).status).toBe(200);
    await page.getByRole('button', { name: /GET \/v1\/agents\/view\/2 200/ }).waitFor(VISIBLE);
    expect(await rows.count()).toBe(1);
    await page.getByRole('button', { name: `Show ${journal} cleared` }).click();
    await page.getByText(new RegExp(`^${journal + 1} of ${journal + 1} shown$`)).waitFor(VISIBLE);
    expect(await hasFocus(page.getByRole('button', { name: 'Clear view' }))).toBe(true);
  });

  it('at 390 px, stacks the assembled answer over its events, nothing wider than the screen', async () => {
    const phone = await openPage(browser, server.url, 390);
    try {
      await signIn(phone, server.url, TEST_TOKENS.admin);
      await phone
        .getByRole('button', { name: /POST \/v1\/agents\/chat\/request 200/ })
        .first()
        .click();
      const answer = phone.getByRole('region', { name: 'Answer, assembled from the events' });
      await answer.waitFor(VISIBLE);
      await answer.scrollIntoViewIfNeeded();
      const [answerBox, eventsBox] = await Promise.all([
        answer.boundingBox(),
        phone.locator('.stream-events').boundingBox(),
      ]);
      expect((answerBox?.y ?? 0) + (answerBox?.height ?? 0)).toBeLessThanOrEqual(eventsBox?.y ?? 0);
      // Once the page has settled: a loaded CI machine once measured it mid-layout.
      await expect.poll(() => widerThanScreen(phone), { timeout: 10_000 }).toEqual([]);
      // A loaded machine's stages run to seconds: the waterfall's times wrap instead of widening it.
      await phone.evaluate(() => {
        for (const time of Array.from(document.querySelectorAll('.waterfall-time')))
          time.textContent = 'at 12345.67\u00a0ms, 12345.67\u00a0ms';
      });
      expect(await widerThanScreen(phone)).toEqual([]);
      await phone.getByRole('heading', { name: 'Streamed answer' }).scrollIntoViewIfNeeded();
      await phone.screenshot({ path: `${SHOTS}stream-events-390.png` });
    } finally {
      await phone.context().close();
    }
  });
});
