/**
 * Fault rules and chat fixtures worked on in the console, in Chromium, against a real reference
 * server: edited, disabled, enabled and duplicated in forms, and started from a recorded request,
 * each change checked by what the next platform request gets. With the keyboard: a form that
 * opens takes focus on its heading, and Cancel or Save gives it back to the button that opened it.
 */
import {
  type ReferenceServer,
  startReferenceServer,
  TEST_TOKENS,
  testChatBody,
  testSeed,
} from '@assistant-platform/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumForSuite } from './chromium.js';
import {
  focusedInView,
  hasFocus,
  launch,
  openPage,
  SHOTS,
  scrollsSideways,
  signIn,
  VISIBLE,
} from './console-page.js';

const chromiumPath = chromiumForSuite('console rules and fixtures browser tests');

describe.skipIf(chromiumPath === undefined)('rules and fixtures in the console', () => {
  let server: ReferenceServer;
  let browser: Browser;
  let page: Page;
  const view = async (id: number) =>
    (
      await fetch(`${server.baseUrl}/agents/view/${id}`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
      })
    ).status;
  const chat = async (text: string) => {
    const answer = await fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] } })),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { request: { message: { content: string } }[] } }).data
      .request[0]?.message.content;
  };

  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed });
    browser = await launch(chromiumPath as string);
    page = await openPage(browser, server.url);
    await signIn(page, server.url, TEST_TOKENS.admin);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    await server.admin.reset();
    await page.goto(`${server.url}/console#/faults`);
    await page.getByText('Live', { exact: true }).waitFor(VISIBLE);
  });

  it('edits a rule in its form, disables and enables it, duplicates it: the next request gets each change', async () => {
    await page.getByLabel('Path').fill('/v1/agents/view/1');
    await page.getByLabel('Answer status').selectOption('503');
    await page.getByRole('button', { name: 'Add fault rule' }).click();
    await page.getByText('Any method /v1/agents/view/1 → answer 503').waitFor(VISIBLE);
    expect(await view(1)).toBe(503);

    const edit = page.getByRole('button', { name: 'Edit rule 1' });
    await edit.click();
    const heading = page.getByRole('heading', { name: 'Edit fault rule 1' });
    await heading.waitFor(VISIBLE);
    expect(await hasFocus(heading)).toBe(true);
    expect(await page.getByLabel('Path').inputValue()).toBe('/v1/agents/view/1');
    await page.getByLabel('Answer status').selectOption('502');
    await page.getByLabel('Delay (ms, up to 30000)').fill('20');
    await page.getByRole('button', { name: 'Save rule 1' }).click();
    await page.getByText('Any method /v1/agents/view/1 → wait 20 ms, answer 502').waitFor(VISIBLE);
    // Saved, the form is an add form again and focus is back on the button that opened it.
    await page.getByRole('heading', { name: 'Add a fault rule' }).waitFor(VISIBLE);
    expect(await hasFocus(edit)).toBe(true);
    expect(await view(1)).toBe(502);

    await page.getByRole('button', { name: 'Disable rule 1' }).click();
    await page.getByText(/^disabled · fired 2 times/).waitFor(VISIBLE);
    expect(await view(1)).toBe(200);
    await page.getByRole('button', { name: 'Enable rule 1' }).click();
    await page.getByText(/^active · fired 2 times/).waitFor(VISIBLE);
    expect(await view(1)).toBe(502);

    await page.getByRole('button', { name: 'Duplicate rule 1' }).click();
    await page.getByRole('heading', { name: 'New fault rule, a copy of rule 1' }).waitFor(VISIBLE);
    expect(await page.getByLabel('Answer status').inputValue()).toBe('502');
    await page.getByLabel('Path').fill('/v1/agents/view/2');
    await page.getByRole('button', { name: 'Add fault rule' }).click();
    await page.getByText('Any method /v1/agents/view/2 → wait 20 ms, answer 502').waitFor(VISIBLE);
    expect(await view(2)).toBe(502);
    expect(
      (await server.admin.faults.list()).map((rule) => [rule.id, rule.accountId, rule.match.path]),
    ).toEqual([
      [1, 1, '/v1/agents/view/1'],
      [2, 1, '/v1/agents/view/2'],
    ]);
    await page.screenshot({ path: `${SHOTS}rules-edited.png`, fullPage: true });
  });

  it('edits a chat fixture, disables, enables and duplicates it: the next chat answers accordingly', async () => {
    await page.getByLabel('Message contains').fill('parcel');
    await page.getByLabel('Answer text').fill('On its way.');
    await page.getByRole('button', { name: 'Add chat fixture' }).click();
    await page.getByText('Chats whose message contains “parcel” → “On its way.”').waitFor(VISIBLE);
    expect(await chat('Where is my parcel?')).toBe('On its way.');

    await page.getByRole('button', { name: 'Edit fixture 1' }).click();
    await page.getByRole('heading', { name: 'Edit chat fixture 1' }).waitFor(VISIBLE);
    await page.getByLabel('Answer text').fill('It arrives tomorrow.');
    await page.getByLabel('Finish reason').selectOption('length');
    await page.getByRole('button', { name: 'Save fixture 1' }).click();
    await page.getByText('Chats whose message contains “parcel” → “It arrives tomorrow.”').waitFor(VISIBLE);
    expect(await chat('Where is my parcel?')).toBe('It arrives tomorrow.');

    await page.getByRole('button', { name: 'Disable fixture 1' }).click();
    await page.getByText(/^disabled · used 2 times/).waitFor(VISIBLE);
    expect(await chat('Where is my parcel?')).not.toBe('It arrives tomorrow.');
    await page.getByRole('button', { name: 'Enable fixture 1' }).click();
    await page.getByText(/^active · used 2 times/).waitFor(VISIBLE);

    await page.getByRole('button', { name: 'Duplicate fixture 1' }).click();
    await page.getByRole('heading', { name: 'New chat fixture, a copy of fixture 1' }).waitFor(VISIBLE);
    await page.getByLabel('Message contains').fill('refund');
    await page.getByRole('button', { name: 'Add chat fixture' }).click();
    await page.getByText('Chats whose message contains “refund” → “It arrives tomorrow.”').waitFor(VISIBLE);
    expect(await chat('I want a refund')).toBe('It arrives tomorrow.');
  });

  it('makes a chat fixture and a fault rule from recorded requests, their forms filled in first', async () => {
    const engine = await chat('Where is my parcel?');
    expect((await view(2)).toString()).toBe('200');
    await page.getByRole('link', { name: 'Requests' }).click();

    await page.getByRole('button', { name: /POST \/v1\/agents\/chat\/request 200/ }).click();
    await page.getByRole('button', { name: 'New chat fixture from this request' }).click();
    const fixtureHeading = page.getByRole('heading', {
      name: 'New chat fixture from POST /v1/agents/chat/request',
    });
    await fixtureHeading.waitFor(VISIBLE);
    expect(await hasFocus(fixtureHeading)).toBe(true);
    await page.getByText('The new fixture applies to the requests of account 1.').waitFor(VISIBLE);
    expect(await page.getByLabel('Message contains').inputValue()).toBe('Where is my parcel?');
    expect(await page.getByLabel('Answer text').inputValue()).toBe(engine);
    await page.getByLabel('Answer text').fill('Scripted from the console.');
    await page.getByRole('button', { name: 'Add chat fixture' }).click();
    await page
      .getByText('Chats whose message contains “Where is my parcel?” → “Scripted from the console.”')
      .waitFor(VISIBLE);
    expect(await chat('Where is my parcel?')).toBe('Scripted from the console.');

    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('button', { name: /GET \/v1\/agents\/view\/2 200/ }).click();
    await page.getByRole('button', { name: 'New fault rule from this request' }).click();
    await page.getByRole('heading', { name: 'New fault rule from GET /v1/agents/view/2' }).waitFor(VISIBLE);
    expect(await page.getByLabel('Method').inputValue()).toBe('GET');
    expect(await page.getByLabel('Path').inputValue()).toBe('/v1/agents/view/2');
    await page.getByRole('button', { name: 'Add fault rule' }).click();
    await page.getByText('GET /v1/agents/view/2 → answer 503').waitFor(VISIBLE);
    expect(await view(2)).toBe(503);
    expect(await view(1)).toBe(200);
  });

  it('at 390 px, edits a rule from the keyboard, and Cancel gives focus back to its Edit button', async () => {
    await server.admin.faults.clear();
    const phone = await openPage(browser, server.url, 390);
    try {
      await signIn(phone, server.url, TEST_TOKENS.admin);
      await phone.getByRole('link', { name: 'Faults & fixtures' }).click();
      await phone.getByLabel('Path').fill('/v1/agents/view/1');
      await phone.getByRole('button', { name: 'Add fault rule' }).click();
      const edit = phone.getByRole('button', { name: 'Edit rule 1' });
      await edit.waitFor(VISIBLE);
      expect(await scrollsSideways(phone)).toBe(false);

      await edit.focus();
      await phone.keyboard.press('Enter');
      const heading = phone.getByRole('heading', { name: 'Edit fault rule 1' });
      await heading.waitFor(VISIBLE);
      expect(await focusedInView(heading)).toEqual({ focused: true, inView: true });
      await phone.screenshot({ path: `${SHOTS}rule-edit-390.png` });
      const cancel = phone.getByRole('button', { name: 'Cancel' });
      await cancel.focus();
      await phone.keyboard.press('Enter');
      await phone.getByRole('heading', { name: 'Add a fault rule' }).waitFor(VISIBLE);
      expect(await hasFocus(edit)).toBe(true);
      expect(await scrollsSideways(phone)).toBe(false);
    } finally {
      await phone.context().close();
    }
  });
});
