import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expanderCircle, pointAt, relationCurve, type BoxLike, type Offset } from '../../../src/mindmap/core';

// Shared steps of the mind-map flows: open a map, read the ARIA tree, find a node on the canvas.

export const DEPTH = '不能插入4级主题以下的节点';

export const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
export const item = (page: Page, name: string | RegExp) =>
  tree(page).getByRole('treeitem', { name: typeof name === 'string' ? new RegExp(`^${name}(，|$)`) : name });
export const editField = (page: Page) => page.getByRole('textbox', { name: '编辑主题文字' });
export const saveState = (page: Page) => page.getByRole('status', { name: '保存状态' });

/**
 * Closes the tab as a student does, its unload handlers run, and waits until it is gone: with
 * those handlers run, Playwright's close() does not wait, and a page opened meanwhile read the
 * drafts before the closing page had kept its copy.
 */
export async function closeTab(page: Page): Promise<void> {
  const gone = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await gone;
}

export async function openMinder(page: Page, caseId: string): Promise<void> {
  await page.goto(`/#/project/minder?caseId=${caseId}`);
  try {
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await item(page, /^.+/).first().waitFor();
  } catch (e) {
    const shown = await whatCoversTheMap(page);
    // Away from the map, so a retry or the next flow on this page opens it afresh (a goto to the
    // hash it is on already reloads nothing).
    await page.goto('/').catch(() => {});
    throw new Error(`the map did not open: ${shown}`, { cause: e });
  }
}

/**
 * What the page shows instead of the map's rows — dialogs, alerts, the save state, the tree — in
 * the failure's own message (a console line is lost when the runner prints only part of a run).
 */
export async function whatCoversTheMap(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const texts = (sel: string) =>
        [...document.querySelectorAll(sel)].map((d) => `${d.getAttribute('role') ?? d.className}: ${(d.textContent ?? '').slice(0, 200)}`);
      const tree = document.querySelector('[role=tree]');
      return [
        `url ${location.href}`,
        `editor ${document.querySelector('.mind-editor')?.getAttribute('aria-busy') ?? 'absent'}`,
        `tree ${tree ? `${tree.querySelectorAll('[role=treeitem]').length} rows, aria-hidden ${tree.closest('[aria-hidden=true]') ? 'yes' : 'no'}` : 'absent'}`,
        ...texts('[role=dialog],[role=alertdialog],[role=alert],.mind-save,main h1,main h2'),
      ].join(' | ');
    })
    .catch((e: unknown) => `(the page could not be read: ${String(e)})`);
}

/** Treeitem texts in order (names without the marker suffixes). */
export async function outline(page: Page): Promise<string[]> {
  return tree(page).locator('[role=treeitem] .mind-tree__text').allTextContents();
}

/** The text of the selected row (the primary selection is the focused one in single selection). */
export async function selectedTexts(page: Page): Promise<string[]> {
  return tree(page).locator('[role=treeitem][aria-selected=true] .mind-tree__text').allTextContents();
}

/** A node's box on screen: selected through its tree row, the map's keyboard target lies over it. */
export async function nodeBox(page: Page, text: string): Promise<{ x: number; y: number; width: number; height: number }> {
  await item(page, text).first().click();
  await expect.poll(() => selectedTexts(page)).toEqual([text]);
  // The camera may still be easing (a zoom step, following the selection): wait until it rests.
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  return (await page.locator('.mind-edit.is-armed').boundingBox())!;
}

/** A point inside a node's box on the canvas, where a person sees it. */
export async function nodePoint(page: Page, text: string): Promise<{ x: number; y: number }> {
  const b = await nodeBox(page, text);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Moves the focus off the map (a click on the page heading), so the next step starts from outside. */
export async function focusOutside(page: Page): Promise<void> {
  await page.getByRole('heading', { name: '我的学习导图' }).click();
}

/** Clicks a node on the canvas (computed first, then the focus moved away, then the click). */
export async function clickNode(page: Page, text: string): Promise<void> {
  const p = await nodePoint(page, text);
  await focusOutside(page);
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => selectedTexts(page)).toEqual([text]);
}

/** Waits until the map's keyboard target has the focus (a frame after a dialog, menu or picker closes). */
export async function mapFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^思维导图，/);
}

/** Tag name of the focused element ('BODY', 'MAIN', 'TEXTAREA' …). */
export const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

/** Replaces the map through the menu's paste import (outline text or .km JSON); waits for the node `last` in the tree. */
export async function pasteImport(page: Page, format: 'txt' | 'km', text: string, last: string): Promise<void> {
  await page.getByRole('button', { name: '导入 / 导出' }).click();
  await page.getByRole('menuitem', { name: '粘贴大纲文本导入' }).click();
  const dialog = page.getByRole('dialog', { name: '粘贴导入' });
  await dialog.getByLabel('格式').selectOption(format);
  await dialog.getByLabel('内容').fill(text);
  await dialog.getByRole('button', { name: '导入' }).click();
  await dialog.waitFor({ state: 'detached' });
  await item(page, last).waitFor();
}

/** Runs `action` and waits until the save it causes is answered and the status reads 已保存. */
export async function saved(page: Page, action: () => Promise<unknown>): Promise<void> {
  const res = page.waitForResponse((r) => /\/mindStudent\/save(StuMind|Changes)\b/.test(r.url()));
  await action();
  await res;
  await expect.poll(() => saveState(page).textContent()).toBe('已保存');
}

/** Chooses a file through the 从文件导入 item of the 导入 / 导出 menu (the real file input). */
export async function importFile(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByRole('button', { name: '导入 / 导出' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: /从文件导入/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer: typeof content === 'string' ? Buffer.from(content) : content });
}

/** Clicks an export item of the 导入 / 导出 menu (导出 on a read-only map) and returns the downloaded file's bytes. */
export async function download(page: Page, menuItem: RegExp): Promise<Buffer> {
  await page.getByRole('button', { name: /^(导入 \/ 导出|导出)$/ }).click();
  const dl = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: menuItem }).click();
  return readFileSync((await (await dl).path())!);
}

/**
 * A relationship line with stored control points (offsets from the two centres) on screen as the
 * canvas draws it: its two handles (the canvas may draw a point elsewhere than stored, to keep
 * the curve off its own topics: relation-geometry relationCurve).
 */
export async function storedCurveHandles(page: Page, from: string, to: string, controls: [Offset, Offset]) {
  const z = Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;
  const world = async (t: string) => {
    const r = await nodeBox(page, t);
    return { x: r.x / z, y: r.y / z, w: r.width / z, h: r.height / z };
  };
  const c = relationCurve(await world(from), await world(to), controls);
  return [
    { x: c.c1.x * z, y: c.c1.y * z },
    { x: c.c2.x * z, y: c.c2.y * z },
  ];
}

/**
 * A relationship line's automatic curve on screen as the canvas draws it: its middle and first
 * control point. The canvas keeps such a curve clear of other topics (relation-geometry
 * autoControls), so the map's topics are passed as child → parent (null: the root) to rebuild
 * what it avoids: every topic's box and, beside each non-root topic with children, its expander.
 */
export async function autoCurvePoints(page: Page, from: string, to: string, topics: Record<string, string | null>) {
  const z = Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;
  // World boxes up to a translation (the curve does not depend on it): screen / zoom.
  const boxes = new Map<string, BoxLike>();
  for (const t of Object.keys(topics)) {
    const r = await nodeBox(page, t);
    boxes.set(t, { x: r.x / z, y: r.y / z, w: r.width / z, h: r.height / z });
  }
  const obstacles: BoxLike[] = [];
  for (const [t, parent] of Object.entries(topics)) {
    const b = boxes.get(t)!;
    obstacles.push(b);
    if (parent === null || !Object.values(topics).includes(t)) continue;
    const e = expanderCircle(b, boxes.get(parent)!, undefined, false);
    obstacles.push({ x: e.x - e.r, y: e.y - e.r, w: 2 * e.r, h: 2 * e.r });
  }
  const near = (r: BoxLike) => obstacles.filter((b) => b.x < r.x + r.w && r.x < b.x + b.w && b.y < r.y + r.h && r.y < b.y + b.h);
  const c = relationCurve(boxes.get(from)!, boxes.get(to)!, undefined, near);
  const m = pointAt(c, 0.5);
  return { mid: { x: m.x * z, y: m.y * z }, handle: { x: c.c1.x * z, y: c.c1.y * z } };
}

/** Clicks the topic on the canvas and marks it 标记已学 from its menu (Shift+F10); waits for the save. */
export async function markLearnt(page: Page, text: string): Promise<void> {
  await clickNode(page, text);
  await saved(page, async () => {
    await page.keyboard.press('Shift+F10');
    await page
      .getByRole('menu', { name: '主题菜单' })
      .getByRole('menuitem', { name: /^标记已学/ })
      .click();
  });
}
