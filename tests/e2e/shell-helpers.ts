import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { openSession, type BrowserSession } from './browser';

export const DEMO = { loginName: '13800000001', password: 'Xuetu2026' };

/**
 * Lets a test read the captcha the way a person does, from what is painted: every fillText on a
 * canvas is recorded on that canvas (reset by clearRect, which starts each new drawing). Installed
 * in the test's browser context only; the production bundle exposes nothing.
 */
export async function watchCanvasText(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Painted = HTMLCanvasElement & { __painted?: string };
    const proto = CanvasRenderingContext2D.prototype;
    const fillText = proto.fillText;
    const clearRect = proto.clearRect;
    proto.clearRect = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof clearRect>) {
      (this.canvas as Painted).__painted = '';
      return clearRect.apply(this, args);
    };
    proto.fillText = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof fillText>) {
      const c = this.canvas as Painted;
      c.__painted = (c.__painted ?? '') + args[0];
      return fillText.apply(this, args);
    };
  });
}

export async function readCaptcha(page: Page): Promise<string> {
  const canvas = page.getByRole('img', { name: '验证码图片' });
  await canvas.waitFor();
  return canvas.evaluate((el) => (el as HTMLCanvasElement & { __painted?: string }).__painted ?? '');
}

/** Records API calls by path (query stripped) for the rest of the page's life. */
export function recordApi(page: Page): { calls: string[]; count(path: string): number } {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return { calls, count: (path) => calls.filter((c) => c === path).length };
}

export async function openLoginDialog(page: Page) {
  await page.getByRole('button', { name: '学生登录' }).first().click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await dialog.waitFor();
  return dialog;
}

/** Fills and submits the dialog with the right captcha. */
export async function logIn(page: Page, opts: { loginName?: string; password?: string; remember?: boolean } = {}): Promise<void> {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('手机号').fill(opts.loginName ?? DEMO.loginName);
  await dialog.getByLabel('密码', { exact: true }).fill(opts.password ?? DEMO.password);
  if (opts.remember) await dialog.getByLabel('记住密码').check();
  await dialog.getByLabel('验证码', { exact: true }).fill(await readCaptcha(page));
  await dialog.getByRole('button', { name: '登录' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Console noise a flow may legitimately produce: HTTP errors of endpoints other features have not built yet. */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e));
}

/** The decoded hash; no hash at all is Home ('#/'). */
export const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash) || '#/';

/** A toast on screen (radix also copies the text into a hidden live region, which this skips). */
export const toastWith = (page: Page, text: string) => page.locator('.toast', { hasText: text });

/**
 * Counts the toasts saying `text` shown from now on, gone again or not (a check that a message is
 * said once must not depend on whether the first one has timed out on a slow machine).
 */
export async function toastsShown(page: Page, text: string): Promise<() => Promise<number>> {
  const key = `__toastsShown${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text }) => {
      const seen = new Set<Element>();
      (window as unknown as Record<string, Set<Element>>)[key] = seen;
      const look = () => document.querySelectorAll('.toast').forEach((t) => t.textContent?.includes(text) && seen.add(t));
      look();
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { key, text },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, Set<Element>>)[key].size, key);
}

/** A fresh browser on the app, signed in through the login dialog (default: the demo student). */
export async function openSignedIn(baseURL: string, loginName?: string): Promise<BrowserSession> {
  const session = await openSession(baseURL);
  await watchCanvasText(session.context);
  await session.page.goto('/');
  await logIn(session.page, { loginName });
  return session;
}

/**
 * Applies the signed-in student for cases through the real API with the page's token (the
 * server accepts map saves, outlines, exams and study records only for cases one applied to).
 */
export async function applyForCases(page: Page, ...caseIds: string[]): Promise<void> {
  const codes = await page.evaluate(async (ids) => {
    const token = JSON.parse(localStorage.getItem('token') ?? 'null') as string;
    const out: number[] = [];
    for (const caseId of ids) {
      const res = await fetch('/api/course/caseApply/saveApply', {
        method: 'POST',
        headers: { Authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ caseId }),
      });
      out.push(((await res.json()) as { resultCode: number }).resultCode);
    }
    return out;
  }, caseIds);
  if (codes.some((c) => c !== 200)) throw new Error(`applying for ${caseIds.join(', ')}: ${codes.join(', ')}`);
}

/** Waits until a list region has finished loading and returns its card titles. */
export async function cardTitles(page: Page, region: string): Promise<string[]> {
  const list = page.getByRole('region', { name: region });
  await list.and(page.locator('[aria-busy="false"]')).waitFor();
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

/** A catalogue card (course, case, practice) on the page or in a region: the article whose title link is named `name`. */
export function catalogueCard(root: Page | Locator, name: string | RegExp, exact = false): Locator {
  const page = 'page' in root ? root.page() : root;
  return root.getByRole('article').filter({ has: page.getByRole('link', { name, exact }) });
}
