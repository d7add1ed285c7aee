import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Flags that work headless on this kind of machine (DESIGN §5); WebGL runs on SwiftShader. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** CHROME_PATH, then Debian's chromium, then a Playwright-installed one; installs one when none exists. */
export function resolveChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {
    // not installed through Playwright either
  }
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk', 'fonts-noto-color-emoji'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  return chromium.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: resolveChromium(), headless: true, args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | null = null;

/**
 * This test worker's browser, launched once for the files that run on it: a launch and its close
 * cost about a second and half a core-second each, paid before for every session. A session is a
 * context of its own, as clean as a new browser (cookies, storage, cache, permissions). A browser
 * that has gone (crashed, or failed to start) is launched again; Playwright ends it with the worker.
 */
export async function workerBrowser(): Promise<Browser> {
  const known = await shared?.catch(() => null);
  if (known?.isConnected()) return known;
  return (shared = launchBrowser());
}

export interface BrowserSession {
  /** The worker's browser (shared): contexts a test opens on it close with the session. */
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far (a flow should end with none). */
  errors: string[];
  close(): Promise<void>;
}

/** The main contexts of the sessions still open on this worker. */
const openContexts = new Set<BrowserContext>();

/**
 * A session in a new context on the worker's browser (`options`: viewport, touch …). Its close
 * ends its context and those the test opened after it (a second device, `s.browser.newContext`),
 * but never the context of another session still open.
 */
export async function newSession(options: BrowserContextOptions): Promise<BrowserSession> {
  const browser = await workerBrowser();
  const before = new Set(browser.contexts());
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...options });
  openContexts.add(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const close = async () => {
    openContexts.delete(context);
    const opened = browser.contexts().filter((c) => c !== context && !before.has(c) && !openContexts.has(c));
    await Promise.all([context, ...opened].map((c) => c.close().catch(() => {})));
  };
  return { browser, context, page, errors, close };
}

export function openSession(baseURL: string, viewport = { width: 1280, height: 800 }): Promise<BrowserSession> {
  return newSession({ baseURL, viewport });
}
