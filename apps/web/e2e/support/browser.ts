import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * The setup every browser journey shares: the app's address and one Chromium for the file,
 * launched before its tests and closed after them. `browser` stands for it from the start.
 */
export function useJourney(): { baseUrl: string; browser: Browser } {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = new Proxy({} as Browser, {
    get(_target, key) {
      if (!launched) throw new Error('the browser is launched before the tests run');
      const value = Reflect.get(launched, key) as unknown;
      return typeof value === 'function' ? value.bind(launched) : value;
    },
  });
  return { baseUrl: inject('baseUrl'), browser };
}

/** A fresh context (own storage) and page; phone width when `mobile` is set. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions & { mobile?: boolean } = {},
): Promise<Page> {
  const { mobile, ...contextOptions } = options;
  const context = await browser.newContext({
    locale: 'en-US',
    ...(mobile ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : {}),
    ...contextOptions,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.tmp/screenshots',
);

/**
 * Saves a full-page screenshot for people to look at, and checks what a look would catch at once:
 * nothing is wider than the window (no sideways scrolling on a phone).
 */
export async function screenshot(page: Page, name: string) {
  // Measured once the page's stylesheets (and fonts) are in: a text seen before its styles
  // applied can still be unwrapped (a long order id overflowed a phone so on a loaded machine).
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) throw new Error(`${name}: the page is ${overflow} px wider than the window`);
  mkdirSync(screenshotDir, { recursive: true });
  // From the top: scrolled, a full-page capture paints the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
