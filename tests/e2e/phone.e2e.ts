import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { newSession, type BrowserSession } from './browser';
import { ROUTES, visit, type RouteVisit } from './phone-routes';
import { E2E_STUDENTS } from './students';
import { applyForCases, logIn, openLoginDialog, watchCanvasText } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// Issue 17 items 2 and 4: every screen on a 375 × 812 touch phone (hasTouch, isMobile) and at
// 1440 px, logged in and out: no sideways scrolling, a one-row header whose menu reaches every
// entry, thumb-sized tap targets, the study-centre panel folded above the content, the login and
// sign-up dialogs as full-width sheets, and no serious or critical axe (WCAG 2 A/AA) violation.
// Read-only visits sign in as the demo student; the exam taken on the phone (用户调研节点测验 of
// case-01, applied for first) and the opened sign-up form belong to 赵手机 (E2E_STUDENTS.phoneWalk).

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
/** WCAG 2.0 and 2.1 A/AA (2.1 A holds 2.5.3 Label in Name: axe's label-content-name-mismatch) */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The map pages' toolbar, tree and canvas keyboard target: the map editor's own phone layout (phone-map). */
const MAP_OWN = '.mind-toolbar, .mind-tree, .mind-edit';

type Device = typeof PHONE | typeof DESKTOP;
/** One tab per device and account, signed in once (login is rate-limited per address). */
const tabs = new Map<string, BrowserSession>();
afterAll(async () => {
  for (const t of tabs.values()) await t.close();
});

/** A tab on `device`: logged out (null), the demo student (undefined) or `loginName`. */
async function tab(device: Device, loginName?: string | null): Promise<Page> {
  const key = `${device.viewport.width}/${loginName}`;
  const known = tabs.get(key);
  if (known) return known.page;
  const session = await newSession({ baseURL: e2eBaseURL(), ...device });
  await watchCanvasText(session.context);
  const { page } = session;
  await page.goto('/');
  if (loginName !== null) {
    await logIn(page, { loginName });
    await page.getByRole('button', { name: /的账户菜单$/ }).waitFor();
  }
  tabs.set(key, session);
  return page;
}

/** Closes the login dialog a protected screen opens for a visitor. */
async function closeDialogs(page: Page): Promise<void> {
  while (await page.getByRole('dialog').count()) {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
  }
}

const main = (page: Page) => page.getByRole('main');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Controls a thumb cannot hit: visible links, buttons and fields smaller than 44 × 44 px. A field
 * inside a label counts as the label; a "stretched" link (its ::after covering the card) as the card.
 */
function smallTargets(page: Page, skip = ''): Promise<string[]> {
  return page.evaluate((skipSelector) => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab]');
    for (const el of controls) {
      if (skipSelector && el.closest(skipSelector)) continue;
      if (el.closest('.visually-hidden, .skip-link')) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const label = el.closest('label');
      if (label && label !== el) box = label.getBoundingClientRect();
      const after = getComputedStyle(el, '::after');
      if (after.position === 'absolute' && after.inset === '0px') box = (el.offsetParent ?? el).getBoundingClientRect();
      if (box.width < 44 || box.height < 44)
        out.push(
          `${el.tagName.toLowerCase()}「${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 12)}」${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return out;
  }, skip);
}

describe('the header on a phone', () => {
  it('is one row under 60 px whose 菜单 reaches every navigation entry and the search', async () => {
    const page = await tab(PHONE, null);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(60);
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(await nav.isVisible()).toBe(false);
    const menu = header.getByRole('button', { name: '菜单' });
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['首页', '专业课程', '项目案例', '实践训练', '导师活动', '在线考试', '我的课程']) {
      const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375 && box.height >= 44, `${name} in sight and thumb-sized`).toBe(true);
    }
    await header.getByRole('searchbox', { name: '搜索关键词' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, WCAG)).toEqual([]);
    // a tapped entry goes there and folds the menu; Escape folds it too
    await nav.getByRole('link', { name: '实践训练' }).tap();
    await page.locator('h1', { hasText: '请先登录' }).waitFor();
    // (by class: the login dialog opening now hides the header from role queries)
    expect(await page.locator('.site-header__menu-btn').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.site-header__nav').isVisible()).toBe(false);
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    await closeDialogs(page);
    await menu.tap();
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    // a tap on the page below folds it too (an outside walk found it staying open over the page)
    await page.goto('/');
    await menu.tap();
    await nav.waitFor();
    // (the page's margin below the open menu: nothing there to tap but the page)
    const panel = (await nav.boundingBox())!;
    await page.touchscreen.tap(4, panel.y + panel.height + 24);
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the one-row navigation on a desktop', async () => {
    const page = await tab(DESKTOP, null);
    expect(await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的课程' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('button', { name: '菜单' }).isVisible()).toBe(false);
    expect((await page.getByRole('banner').boundingBox())!.height).toBe(64);
  });
});

describe('every screen', () => {
  it('is visited: ROUTES holds every screen path of src/app/routes.tsx and of the activity file routes', () => {
    const table = readFileSync(resolve('src/app/routes.tsx'), 'utf8');
    // redirects are not screens; file routes are folders under features/activity/routes
    const screens = [...table.matchAll(/path: '([^']+)',\s*screen:/g)].map((m) => m[1]);
    const files = readdirSync(resolve('src/features/activity/routes')).map((dir) => `/${dir === 'index.tsx' ? '' : dir}`);
    const visited = new Set(ROUTES.map((r) => r.path.split('?')[0]));
    expect([...screens, ...files].filter((path) => !visited.has(path))).toEqual([]);
  });

  /**
   * Visits every route and checks each distinct screen. Logged out, every protected route shows the
   * same 请先登录 screen: each is checked to show it, the full checks run on the first
   * (RequireLogin is one component: the other protected routes repeat it).
   */
  const each = async (device: Device, signedIn: boolean, check: (page: Page, route: RouteVisit) => Promise<void>) => {
    const page = await tab(device, signedIn ? undefined : null);
    let checkedLoginWall = false;
    for (const route of ROUTES) {
      if (!signedIn && !route.public && checkedLoginWall) {
        await page.goto(`/#${route.path}`);
        await page.locator('h1', { hasText: '请先登录' }).waitFor();
      } else {
        await visit(page, route, signedIn);
        await check(page, route);
        if (!signedIn && !route.public) {
          expect(await page.locator('h1').first().textContent(), route.path).toContain('请先登录');
          checkedLoginWall = true;
        }
      }
      await closeDialogs(page);
    }
  };
  const problems: string[] = [];
  const record = (route: RouteVisit, what: string, found: unknown[]) => found.length > 0 && problems.push(`${route.path} ${what}: ${found.join('; ')}`);

  it('on a 375 px phone, signed in: no sideways scrolling, 44 px tap targets, no serious axe violation', async () => {
    problems.length = 0;
    await each(PHONE, true, async (page, route) => {
      const wide = await overflow(page);
      record(route, 'scrolls sideways by', wide > 0 ? [wide] : []);
      record(route, 'small tap targets', await smallTargets(page, route.map ? MAP_OWN : ''));
      record(route, 'axe', await seriousViolations(page, WCAG));
    });
    expect(problems).toEqual([]);
  });

  it('on a 375 px phone, logged out: the same', async () => {
    problems.length = 0;
    await each(PHONE, false, async (page, route) => {
      const wide = await overflow(page);
      record(route, 'scrolls sideways by', wide > 0 ? [wide] : []);
      record(route, 'small tap targets', await smallTargets(page));
      record(route, 'axe', await seriousViolations(page, WCAG));
    });
    expect(problems).toEqual([]);
  });

  it('at 1440 px, signed in and logged out: no sideways scrolling, no serious axe violation', async () => {
    problems.length = 0;
    for (const signedIn of [true, false]) {
      await each(DESKTOP, signedIn, async (page, route) => {
        const wide = await overflow(page);
        record(route, 'scrolls sideways by', wide > 0 ? [wide] : []);
        record(route, `axe (${signedIn ? 'signed in' : 'logged out'})`, await seriousViolations(page, WCAG));
      });
    }
    expect(problems).toEqual([]);
  });
});

describe('dialogs and thumb flows on a phone', () => {
  it('shows the login dialog as a full-width sheet, and at 1440 px as the 390 px dialog; no serious axe violation', async () => {
    for (const device of [PHONE, DESKTOP]) {
      const page = await tab(device, null);
      await page.goto('/#/');
      await closeDialogs(page);
      const dialog = await openLoginDialog(page);
      const box = (await dialog.boundingBox())!;
      if (device === PHONE) {
        expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, 375, 812]);
        expect(await smallTargets(page, '.site-header, main, .site-footer')).toEqual([]);
      } else expect(box.width).toBe(390);
      expect(await seriousViolations(page, WCAG)).toEqual([]);
    }
  });

  it('shows the tutor sign-up form as a full-width sheet on a phone; no serious axe violation at either width', async () => {
    for (const device of [PHONE, DESKTOP]) {
      // 赵手机, who has signed up for no tutor (the form is opened, never sent)
      const page = await tab(device, E2E_STUDENTS.phoneWalk.loginName);
      await page.goto('/#/tutorDetail?id=tutor-02&uid=tutor-02');
      const apply = page.getByRole('main').getByRole('button', { name: '立即报名' });
      await (device === PHONE ? apply.tap() : apply.click());
      const dialog = page.getByRole('dialog', { name: '填写信息' });
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      if (device === PHONE) {
        expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, 375, 812]);
        expect(await smallTargets(page, '.site-header, main, .site-footer')).toEqual([]);
      } else expect(box.width).toBe(646);
      expect(await seriousViolations(page, WCAG)).toEqual([]);
    }
  });

  it('folds the study-centre panel above a personal screen: the screen starts above the fold, 上次学习 opens the card', async () => {
    const page = await tab(PHONE);
    for (const path of ['/personal/myStudy', '/personal/myTask', '/personal/myNews', '/set']) {
      await page.goto(`/#${path}`);
      const title = page.locator('#personal-title');
      await title.waitFor();
      expect((await title.boundingBox())!.y, `${path} title`).toBeLessThan(260);
    }
    const panel = page.getByRole('complementary', { name: '学习中心' });
    const more = panel.getByRole('button', { name: '上次学习' });
    expect(await panel.getByRole('heading', { name: '最近学习' }).isVisible()).toBe(false);
    await more.tap();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('heading', { name: '最近学习' }).waitFor();
  });

  it('plays a lesson by thumb: the player’s buttons and 播放速度 rows are 44 px targets inside the player', async () => {
    // 屏幕走查 signs up for course-02 and plays its first lesson
    const page = await tab(PHONE, E2E_STUDENTS.walkScreens.loginName);
    await page.goto('/#/course/detail?id=course-02');
    await main(page).getByRole('button', { name: '立即报名' }).tap();
    await main(page).getByRole('button', { name: '开始学习' }).tap();
    const player = page.getByRole('region', { name: /^视频：1\.1 / });
    await player.getByRole('button', { name: '播放视频' }).tap();
    // the bar fades (and ignores touches) while playing: pause from the keyboard
    await player.getByRole('button', { name: '暂停' }).press('Enter');
    await player.getByRole('button', { name: '播放', exact: true }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await player.getByRole('button', { name: '播放速度' }).tap();
    const frame = (await player.boundingBox())!;
    const rows = player.getByRole('menuitemradio');
    expect(await rows.count()).toBe(4);
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      expect(box.width >= 44 && box.height >= 44, `${await row.textContent()} ${box.width}×${box.height}`).toBe(true);
      expect(box.y >= frame.y && box.x >= frame.x && box.x + box.width <= frame.x + frame.width, `${await row.textContent()} inside the player`).toBe(true);
    }
    await rows.filter({ hasText: '1.5x' }).tap();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  });

  it('answers an exam by thumb: options are full-width 44 px rows, nothing scrolls sideways', async () => {
    const page = await tab(PHONE, E2E_STUDENTS.phoneWalk.loginName);
    await applyForCases(page, 'case-01');
    await page.goto('/#/exam/answer?caseId=case-01&nodeId=case-01-n002');
    await page.getByRole('button', { name: '开始作答' }).tap();
    const option = page.getByRole('main').getByRole('radio').first();
    await option.waitFor();
    await option.tap();
    expect(await option.isChecked()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(page)).toEqual([]);
    expect(await seriousViolations(page, WCAG)).toEqual([]);
  });
});
