import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { nodeBox, openMinder, pasteImport, saved } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// The camera as a user drives it: 适应画布 shows the whole map (every topic's box on the canvas,
// below the readable zoom a map opens with), and Ctrl+wheel / a trackpad pinch zoom about the
// pointer.

const zoomOf = async (page: Page) => Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;
const canvasBox = async (page: Page) => (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
const resting = (page: Page) => page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();

/** The selected topic's centre on screen (the keyboard target lies over it once the camera rests). */
async function armedCentre(page: Page): Promise<{ x: number; y: number }> {
  await resting(page);
  const b = (await page.locator('.mind-edit.is-armed').boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Selects a topic (its tree row) and returns its centre on screen. */
async function centreOf(page: Page, text: string): Promise<{ x: number; y: number }> {
  await nodeBox(page, text);
  return armedCentre(page);
}

async function expectNear(p: { x: number; y: number }, q: { x: number; y: number }): Promise<void> {
  expect(Math.abs(p.x - q.x)).toBeLessThanOrEqual(2);
  expect(Math.abs(p.y - q.y)).toBeLessThanOrEqual(2);
}

/** 根 with 8 branches of 8 topics each: too tall for the readable 75 % in a 1280 × 800 window. */
const BIG = ['大图', ...Array.from({ length: 8 }, (_, i) => [`\t分支${i + 1}`, ...Array.from({ length: 8 }, (_, j) => `\t\t主题${i + 1}-${j + 1}`)]).flat()];

describe('the camera', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.mapCamera.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => s?.close());

  it('适应画布 shows every topic of a map the readable framing does not fit', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'txt', BIG.join('\n') + '\n', '主题8-8'));
    const opened = await zoomOf(page);
    await page.getByRole('button', { name: '适应画布' }).click();
    await expect.poll(() => zoomOf(page)).toBeLessThan(opened);
    await resting(page);
    const c = await canvasBox(page);
    const names = BIG.map((t) => t.trim());
    // Each topic's screen box (the keyboard target lies over the selected one). Selecting a
    // topic scrolls it into view only when it is off screen: the root's box, read again at the
    // end, proves the camera never moved.
    const root = await nodeBox(page, '大图');
    const ext = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const name of names) {
      const b = await nodeBox(page, name);
      expect(b.x, name).toBeGreaterThanOrEqual(c.x);
      expect(b.y, name).toBeGreaterThanOrEqual(c.y);
      expect(b.x + b.width, name).toBeLessThanOrEqual(c.x + c.width);
      expect(b.y + b.height, name).toBeLessThanOrEqual(c.y + c.height);
      Object.assign(ext, { x0: Math.min(ext.x0, b.x), y0: Math.min(ext.y0, b.y), x1: Math.max(ext.x1, b.x + b.width), y1: Math.max(ext.y1, b.y + b.height) });
    }
    expect(await nodeBox(page, '大图')).toEqual(root);
    // The zoom that just holds it all (issue 31.15: not floored to a ladder step): a few per cent
    // larger, the topics (with the 20 px margin a fit keeps) would not fit.
    const fitted = await zoomOf(page);
    const grow = (fitted + 0.03) / fitted;
    expect((ext.x1 - ext.x0) * grow + 40 > c.width || (ext.y1 - ext.y0) * grow + 40 > c.height).toBe(true);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it("Ctrl+wheel over the canvas zooms one step about the pointer (Chromium's notch is deltaY 100)", async () => {
    const { page } = s;
    // (after 适应画布 the zoom may lie between ladder steps: a step goes on to the next one)
    const up = Math.floor((await zoomOf(page)) / 0.25 + 1e-6) * 0.25 + 0.25;
    const at = await centreOf(page, '主题3-3');
    await page.mouse.move(at.x, at.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBe(up);
    await resting(page);
    // The topic under the pointer stayed under it; the page itself was not zoomed.
    await expectNear(await armedCentre(page), at);
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 100);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBe(up - 0.25);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('SPEC §9: a Ctrl+wheel burst under 100 px zooms nothing; two 50 px notches in one burst are a step (issue 31.11)', async () => {
    const { page, context } = s;
    const before = await zoomOf(page);
    const at = await centreOf(page, '主题3-3');
    const cdp = await context.newCDPSession(page);
    const notch = { type: 'mouseWheel', x: at.x, y: at.y, deltaX: 0, deltaY: -50, modifiers: 2 } as const;
    await cdp.send('Input.dispatchMouseEvent', notch);
    // Past the 100 ms debounce and a 300 ms zoom animation: nothing moved.
    await page.waitForTimeout(600);
    expect(await zoomOf(page)).toBe(before);
    // Sent at once, as one turn of a wheel arrives: two awaited one by one were once spaced past
    // the 100 ms that ends a burst on a loaded box, and each half-notch zoomed nothing.
    await Promise.all([cdp.send('Input.dispatchMouseEvent', notch), cdp.send('Input.dispatchMouseEvent', notch)]);
    await expect.poll(() => zoomOf(page)).toBe(before + 0.25);
    await cdp.detach();
    await page.keyboard.press('Control+-');
    await expect.poll(() => zoomOf(page)).toBe(before);
  });

  it('a trackpad pinch (ctrl+wheel of a few pixels, as Chromium sends it) zooms about the pointer', async () => {
    const { page, context } = s;
    const before = await zoomOf(page);
    const at = await centreOf(page, '主题5-2');
    const cdp = await context.newCDPSession(page);
    // Sent at once, as a trackpad streams them: awaited one by one, a loaded box once spaced them
    // past the 100 ms that ends a pinch, and each short pinch fell back to the step it left.
    const pinch = { type: 'mouseWheel', x: at.x, y: at.y, deltaX: 0, deltaY: -6, modifiers: 2 } as const;
    await Promise.all(Array.from({ length: 8 }, () => cdp.send('Input.dispatchMouseEvent', pinch)));
    // Free while the fingers move, then on a ladder step, about the pointer.
    await expect.poll(() => zoomOf(page)).toBe(before + 0.25);
    await resting(page);
    await expectNear(await armedCentre(page), at);
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    await cdp.detach();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('a topic grown by an added image is scrolled wholly into view, not left half outside the canvas (issue 31.15)', async () => {
    const { page } = s;
    await centreOf(page, '主题1-2');
    const c = await canvasBox(page);
    const armed = async () => {
      await resting(page);
      return (await page.locator('.mind-edit.is-armed').boundingBox())!;
    };
    // The map panned (wheel without Ctrl) until the topic sits on the canvas's bottom edge.
    const b = await armed();
    await page.mouse.move(c.x + 10, c.y + 10);
    await page.mouse.wheel(0, -2.5 * (c.y + c.height - 6 - (b.y + b.height)));
    await expect.poll(async () => (await armed()).y + (await armed()).height).toBeGreaterThan(c.y + c.height - 20);
    const png = new PNG({ width: 150, height: 200 });
    png.data.fill(200);
    await page.getByRole('button', { name: /^图片/ }).click();
    const dialog = page.getByRole('dialog', { name: '图片' });
    await dialog.getByLabel('上传图片').setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('tree', { name: '思维导图大纲' })
      .getByRole('treeitem', { name: /^主题1-2，.*有图片/ })
      .waitFor();
    await expect
      .poll(async () => {
        const x = await armed();
        return x.height > b.height && x.y >= c.y && x.y + x.height <= c.y + c.height;
      })
      .toBe(true);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
  it('a map left open and alone asks the browser for no frames (the page sleeps); a key that moves the selection paints', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await nodeBox(page, '主题1-2');
    await resting(page);
    await page.waitForTimeout(1000);
    const frames = () =>
      page.evaluate(() => {
        const w = window as unknown as { framesAsked?: number };
        if (w.framesAsked === undefined) {
          w.framesAsked = 0;
          const ask = window.requestAnimationFrame.bind(window);
          window.requestAnimationFrame = (cb) => {
            w.framesAsked!++;
            return ask(cb);
          };
        }
        return w.framesAsked;
      });
    // One-off paints (the page's mastery answer arriving) are work; a second with none shows no
    // loop is left running (Pixi's system ticker asked for 60 frames a second, whatever the map did).
    const framesInASecond = async () => {
      const before = await frames();
      await page.waitForTimeout(1000);
      return (await frames()) - before;
    };
    await expect.poll(framesInASecond, { timeout: 10_000 }).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(frames).toBeGreaterThan(0);
  });
});
