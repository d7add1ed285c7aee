import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';

// Opens a written report.html from disk in headless Chromium with every request that is not the
// file itself refused: the report must show everything without a server or the network.

export interface OpenedReport {
  browser: Browser;
  page: Page;
  /** Requests the page tried beyond its own file (all refused), and its uncaught errors. */
  blocked: string[];
  errors: string[];
}

export async function openReport(file: string, viewport = { width: 1400, height: 900 }): Promise<OpenedReport> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const url = pathToFileURL(file).href;
  const blocked: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => (route.request().url() === url ? route.continue() : (blocked.push(route.request().url()), route.abort())));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15_000 });
  return { browser, page, blocked, errors };
}

/** `npm run bench -- screenshot [png]`: the whole report as a PNG (for the README). */
export async function screenshotReport(file: string, png: string): Promise<void> {
  const { browser, page } = await openReport(file);
  try {
    await page.screenshot({ path: png, fullPage: true });
  } finally {
    await browser.close();
  }
}
