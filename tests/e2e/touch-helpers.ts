import type { CDPSession, Page } from 'playwright-core';
import { pointAt, relationCurve, type BoxLike } from '../../src/mindmap/core';
import { newSession, type BrowserSession } from './browser';
import { openMinder, pasteImport, saved } from './mindmap/helpers';
import { applyForCases, logIn, openSignedIn, watchCanvasText } from './shell-helpers';

// A phone in the test browser: a 375 × 812 touch screen (isMobile: the page's meta viewport
// applies, as on a real phone), and fingers driven through CDP Input.dispatchTouchEvent, which
// the page receives as Pointer Events of pointerType "touch" (and touch events), like a real one.

export const PHONE = { width: 375, height: 812 };

/** A fresh phone browser on the app, signed in through the login dialog as `loginName`. */
export async function openPhoneSignedIn(baseURL: string, loginName: string): Promise<BrowserSession> {
  const session = await newSession({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  await watchCanvasText(session.context);
  await session.page.goto('/');
  await logIn(session.page, { loginName });
  return session;
}

type Pt = { x: number; y: number };

/** Fingers on the page (CSS px of the viewport). */
export class Fingers {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async of(page: Page): Promise<Fingers> {
    return new Fingers(page, await page.context().newCDPSession(page));
  }

  private send(type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', points: Pt[]) {
    return this.cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, i) => ({ x: Math.round(p.x), y: Math.round(p.y), id: i + 1, radiusX: 4, radiusY: 4, force: 1 })),
    });
  }

  /**
   * Down and up sent together: awaiting the down's answer before sending the up put this test
   * process's own delays between them, and on a loaded box that rest passed the 500 ms long press
   * (a tap opened 主题菜单, which hides the rest of the page from the tree of roles).
   */
  async tap(p: Pt): Promise<void> {
    await Promise.all([this.send('touchStart', [p]), this.send('touchEnd', [])]);
  }

  async doubleTap(p: Pt): Promise<void> {
    await this.tap(p);
    await this.page.waitForTimeout(80);
    await this.tap(p);
  }

  /** Touches, rests `ms` (the editor's long press is 500 ms), lifts. */
  async longPress(p: Pt, ms = 700): Promise<void> {
    await this.send('touchStart', [p]);
    await this.page.waitForTimeout(ms);
    await this.send('touchEnd', []);
  }

  /** One finger from `a` to `b` in `steps` moves; `holdMs` rests first (long press then drag). */
  async drag(a: Pt, b: Pt, { steps = 10, holdMs = 0 } = {}): Promise<void> {
    await this.send('touchStart', [a]);
    if (holdMs) await this.page.waitForTimeout(holdMs);
    for (let i = 1; i <= steps; i++) {
      await this.send('touchMove', [{ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps }]);
      await this.page.waitForTimeout(16);
    }
    await this.send('touchEnd', []);
  }

  /** Two fingers around `c`, horizontally `from` px apart moving to `to` px apart, then lifted. */
  async pinch(c: Pt, from: number, to: number, steps = 10): Promise<void> {
    const at = (d: number): Pt[] => [
      { x: c.x - d / 2, y: c.y },
      { x: c.x + d / 2, y: c.y },
    ];
    await this.send('touchStart', at(from));
    for (let i = 1; i <= steps; i++) {
      await this.send('touchMove', at(from + ((to - from) * i) / steps));
      await this.page.waitForTimeout(16);
    }
    await this.send('touchEnd', []);
  }
}

/** The canvas box on screen. */
export async function canvasBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
}

/** The zoom the phone editor shows (its status chip), e.g. "50%". */
export const phoneZoom = (page: Page) => page.locator('.mind-editor__status output').textContent();

/** Texts of the selected tree rows (the tree may sit in the closed outline sheet). */
export const selectedRows = (page: Page) => page.locator('.mind-tree [role=treeitem][aria-selected=true] .mind-tree__text').allTextContents();

/**
 * A node's box on the phone's canvas: opens the 大纲 sheet, taps the node's row (which selects
 * it and shows it), closes the sheet and reads the box of the map's keyboard target, which lies
 * over the selected node.
 */
export async function phoneNodeBox(page: Page, text: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const bar = page.getByRole('toolbar', { name: '导图操作' });
  await bar.getByRole('button', { name: '大纲' }).tap();
  const sheet = page.getByRole('region', { name: '大纲' });
  await sheet
    .getByRole('treeitem', { name: new RegExp(`^${text}(，|$)`) })
    .first()
    .tap();
  await sheet.getByRole('button', { name: '关闭' }).tap();
  await sheet.waitFor({ state: 'hidden' });
  await page.waitForFunction((t) => document.querySelector('.mind-tree [aria-selected=true] .mind-tree__text')?.textContent === t, text);
  // Closing the sheet may pan the map back (it kept the selected topic above the sheet): the
  // keyboard target is placed again once the camera has come to rest.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  return (await page.locator('.mind-edit.is-armed').boundingBox())!;
}

export const centre = (b: { x: number; y: number; width: number; height: number }): Pt => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

type Box = { x: number; y: number; width: number; height: number };

/** A relationship line's curve on screen as the canvas draws it (world boxes up to a translation: screen / zoom). */
export function screenCurve(a: Box, b: Box, z: number) {
  const w = (r: Box): BoxLike => ({ x: r.x / z, y: r.y / z, w: r.width / z, h: r.height / z });
  const c = relationCurve(w(a), w(b));
  const at = (t: number) => {
    const p = pointAt(c, t);
    return { x: p.x * z, y: p.y * z };
  };
  return { at, handle: { x: c.c1.x * z, y: c.c1.y * z } };
}

/** The phone's action bar under the map (编辑, 删除, 更多 …). */
export const phoneBar = (page: Page) => page.getByRole('toolbar', { name: '导图操作' });

/** Taps `name` in the phone's 更多 sheet, then closes it (`close` false: it stays open after that button). */
export async function phoneMore(page: Page, name: string, close = true): Promise<void> {
  await phoneBar(page).getByRole('button', { name: '更多' }).tap();
  const sheet = page.getByRole('region', { name: '更多' });
  await sheet.getByRole('button', { name, exact: true }).tap();
  if (close) await sheet.getByRole('button', { name: '关闭' }).tap();
}

/** A case's map opened afresh on a phone, all of it on screen (更多 → 适应画布); returns an empty point of the canvas. */
export async function openPhoneMapFitted(page: Page, caseId: string): Promise<Pt> {
  await page.goto(`/#/project/minder?caseId=${caseId}`);
  await page.reload(); // (a menu left open by a failed test goes)
  await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
  await page.locator('.mind-tree [role=treeitem]').first().waitFor({ state: 'attached' });
  await phoneMore(page, '适应画布');
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  const c = await canvasBox(page);
  return { x: c.x + 8, y: c.y + c.height - 8 };
}

/** A student's map of `caseId` made at the desk (paste import of `map`, saved), to be opened on a phone. */
export async function saveMapAtDesk(baseURL: string, loginName: string, caseId: string, map: unknown, last: string): Promise<void> {
  const desk = await openSignedIn(baseURL, loginName);
  try {
    await applyForCases(desk.page, caseId);
    await openMinder(desk.page, caseId);
    await saved(desk.page, () => pasteImport(desk.page, 'km', JSON.stringify(map), last));
  } finally {
    await desk.close();
  }
}
