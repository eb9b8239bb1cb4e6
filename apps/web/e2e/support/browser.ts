import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

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

/** Saves a screenshot under .tmp/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
