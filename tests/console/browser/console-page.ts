/**
 * What the console's browser suites share: the system's Chromium launched for a suite, signing in
 * as a person does, where screenshots go, and how long a visible outcome may take to show. Waits
 * are Playwright's own (a locator waits until it is visible), never fixed sleeps.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

export const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));

/** Generous: the machine running the suite may be loaded. */
export const VISIBLE = { state: 'visible', timeout: 60_000 } as const;

export async function launch(executablePath: string): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  // Containers often run as root, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}

/** A page of its own browser context (its own session storage, clipboard permission granted). */
export async function openPage(browser: Browser, origin: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return context.newPage();
}

export async function signIn(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/console`);
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('View: ').waitFor(VISIBLE);
}

/** What the page's clipboard holds. */
export const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Whether the page scrolls sideways (something wider than the screen). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Empty when the page does not scroll sideways; else the elements that reach past the screen's
 * right edge, each named by its tag and classes, with its right edge and the start of its text, so
 * a failure says what was too wide.
 */
export const widerThanScreen = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth <= width) return found;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const { right, width: own } = element.getBoundingClientRect();
      if (own === 0 || right <= width + 0.5) continue;
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().replace(/\s+/g, '.')}`
          : '';
      found.push(
        `${element.tagName.toLowerCase()}${classes} right ${Math.round(right)} px: ${(element.textContent ?? '').slice(0, 60)}`,
      );
    }
    return found;
  });

/** Whether `element` has the keyboard's focus. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Whether `locator` has the keyboard's focus and is wholly on the screen. */
export const focusedInView = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return { focused: document.activeElement === element, inView: top >= 0 && bottom <= innerHeight };
  });
