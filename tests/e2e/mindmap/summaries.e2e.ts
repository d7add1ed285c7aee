import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import {
  download,
  editField,
  focusOutside,
  importFile,
  item,
  mapFocused,
  nodeBox,
  openMinder,
  outline,
  pasteImport,
  saved,
  saveState,
  selectedTexts,
  tree,
} from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Summaries (概要, issue 19.2) end to end: drawn over sibling topics with the mouse (click,
// shift-click, node menu) and with the keyboard (Shift+↓, Ctrl+]), their text typed into the
// edit field, seen on the canvas and in the ARIA tree, undone and redone, removed with Delete,
// and kept through .km, .xmind (exported and imported back) and .svg.

const MAP = {
  root: {
    data: { id: 'r', text: '中心' },
    children: ['甲', '乙', '丙', '丁'].map((t, i) => ({ data: { id: `n${i}`, text: t }, children: [] })),
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
};

type Box = { x: number; y: number; width: number; height: number };

const resting = (page: Page) => page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();

/** The canvas, once painting has settled (two equal shots in a row). */
async function shot(page: Page): Promise<{ png: PNG; x: number; y: number }> {
  await resting(page);
  const canvas = page.locator('.mind-editor__canvas canvas');
  const box = (await canvas.boundingBox())!;
  let last = await canvas.screenshot();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(120);
    const next = await canvas.screenshot();
    if (next.equals(last)) break;
    last = next;
  }
  return { png: PNG.sync.read(last), x: box.x, y: box.y };
}

/** Pixels that differ between two shots (device scale 1) inside page rect `r`. */
function changed(a: { png: PNG; x: number; y: number }, b: { png: PNG; x: number; y: number }, r: Box): number {
  let n = 0;
  for (let y = Math.max(0, Math.round(r.y - a.y)); y < Math.min(a.png.height, Math.round(r.y - a.y + r.height)); y++)
    for (let x = Math.max(0, Math.round(r.x - a.x)); x < Math.min(a.png.width, Math.round(r.x - a.x + r.width)); x++) {
      const i = (y * a.png.width + x) * 4;
      if (Math.abs(a.png.data[i] - b.png.data[i]) + Math.abs(a.png.data[i + 1] - b.png.data[i + 1]) + Math.abs(a.png.data[i + 2] - b.png.data[i + 2]) > 30) n++;
    }
  return n;
}

const summaryItem = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });
const live = (page: Page) => page.locator('.mind-editor__live');

describe('summaries (概要)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.summariesWalk.loginName);
    await applyForCases(s.page, 'case-04'); // the edited map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('with the mouse: click, shift-click, 概要 from the node menu, its text typed; drawn and in the tree; Ctrl+Z / Ctrl+Y', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '丁'));
    const a = await nodeBox(page, '甲');
    const b = await nodeBox(page, '乙');
    const before = await shot(page);
    await focusOutside(page);
    await page.mouse.click(a.x + a.width / 2, a.y + a.height / 2);
    await page.keyboard.down('Shift');
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    await page.keyboard.up('Shift');
    await expect.poll(() => selectedTexts(page)).toEqual(['甲', '乙']);

    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2, { button: 'right' });
    await page.getByRole('menuitem', { name: /^概要/ }).click();
    // The new summary's text is open for typing, all selected (as a new topic's is).
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('两项小结');
    await saved(page, () => page.keyboard.press('Enter'));
    await summaryItem(page, '概要：两项小结（甲 至 乙）').waitFor();
    await expect.poll(() => summaryItem(page, /^概要：/).getAttribute('aria-selected')).toBe('true');
    // The titles of the outline are still the topics'.
    expect(await outline(page)).toEqual(['中心', '甲', '乙', '丙', '丁']);

    // On the canvas: brace and topic right of the two topics (the topics themselves did not move).
    const right = Math.max(a.x + a.width, b.x + b.width);
    const band: Box = { x: right + 2, y: a.y, width: 120, height: b.y + b.height - a.y };
    const after = await shot(page);
    expect(changed(before, after, band)).toBeGreaterThan(150);
    expect(changed(before, after, a)).toBeLessThan(20);
    // A click there selects it: the map's label names it.
    await page.mouse.click(right + 60, (a.y + b.y + b.height) / 2);
    await item(page, '甲').click();
    await page.mouse.click(right + 60, (a.y + b.y + b.height) / 2);
    await mapFocused(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('思维导图，已选中概要：两项小结（甲 至 乙）');

    await page.keyboard.press('Control+z');
    await summaryItem(page, '概要：概要（甲 至 乙）').waitFor();
    await page.keyboard.press('Control+z');
    await summaryItem(page, /^概要：/).waitFor({ state: 'detached' });
    // Gone from the canvas too, and back with redo (same camera: the band is measured again).
    const a2 = await nodeBox(page, '甲');
    const b2 = await nodeBox(page, '乙');
    const band2: Box = { x: Math.max(a2.x + a2.width, b2.x + b2.width) + 6, y: a2.y, width: 120, height: b2.y + b2.height - a2.y };
    const undone = await shot(page);
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await summaryItem(page, '概要：两项小结（甲 至 乙）').waitFor();
    expect(changed(undone, await shot(page), band2)).toBeGreaterThan(150);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('with the keyboard: Shift+↓ and Ctrl+], typed; Delete removes it, Ctrl+Z brings it back', async () => {
    const { page } = s;
    await item(page, '丙').click();
    await mapFocused(page);
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => selectedTexts(page)).toEqual(['丙', '丁']);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('后两项');
    await saved(page, () => page.keyboard.press('Enter'));
    const it2 = summaryItem(page, '概要：后两项（丙 至 丁）');
    await it2.waitFor();
    await expect.poll(() => it2.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => live(page).textContent()).toContain('概要已修改为：后两项');

    // A topic's key (Tab) with the summary selected is refused in words, not ignored.
    await page.keyboard.press('Tab');
    await expect.poll(() => live(page).textContent()).toContain('「插入下级主题」只用于主题，请先选中主题');
    expect(await outline(page)).toEqual(['中心', '甲', '乙', '丙', '丁']);
    // F2 edits it again; Esc cancels the edit, a second Esc goes back to the range's first topic.
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('后两项');
    await page.keyboard.press('Escape');
    await mapFocused(page);
    await page.keyboard.press('Delete');
    await it2.waitFor({ state: 'detached' });
    await expect.poll(() => live(page).textContent()).toContain('已删除概要');
    await expect.poll(() => selectedTexts(page)).toEqual(['丙']);
    await page.keyboard.press('Control+z');
    await it2.waitFor();
    // the summary that came back is selected and named
    await expect.poll(() => it2.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => live(page).textContent()).toContain('已撤销，已选中概要：后两项（丙 至 丁）');
    // → from the last topic of the range reaches the summary, ← goes back.
    await item(page, '丁').click();
    await mapFocused(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => it2.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => selectedTexts(page)).toHaveLength(1);
    // Its row in the outline tree selects it too; F2 then edits it.
    await it2.click();
    await expect.poll(() => it2.getAttribute('aria-selected')).toBe('true');
    await mapFocused(page);
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('后两项');
    await page.keyboard.press('Escape');
    await expect.poll(() => saveState(page).textContent()).toBe('已保存');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('is saved with the map, kept in .km, drawn in .svg, and comes back from an exported .xmind', async () => {
    const { page } = s;
    // Opened again from the server: both summaries are there.
    await openMinder(page, 'case-04');
    await summaryItem(page, '概要：两项小结（甲 至 乙）').waitFor();
    await summaryItem(page, '概要：后两项（丙 至 丁）').waitFor();
    const km = JSON.parse((await download(page, /JSON \(\.km\)/)).toString('utf8')) as {
      summaries: Array<{ parent: string; first: string; last: string; text: string }>;
    };
    expect(km.summaries.map(({ parent, first, last, text }) => ({ parent, first, last, text }))).toEqual([
      { parent: 'r', first: 'n0', last: 'n1', text: '两项小结' },
      { parent: 'r', first: 'n2', last: 'n3', text: '后两项' },
    ]);
    const svg = (await download(page, /SVG/)).toString('utf8');
    expect(svg.match(/class="summary-brace"/g)).toHaveLength(2);
    expect(svg).toContain('两项小结');

    const xmind = await download(page, /XMind/);
    const sheet = JSON.parse(strFromU8(unzipSync(new Uint8Array(xmind))['content.json']))[0];
    expect(sheet.rootTopic.summaries.map((x: { range: string }) => x.range)).toEqual(['(0,1)', '(2,3)']);
    await saved(page, () => importFile(page, '别的.txt', '别的图\n\t子项\n'));
    await summaryItem(page, /^概要：/)
      .first()
      .waitFor({ state: 'detached' });
    await saved(page, () => importFile(page, '回来.xmind', xmind));
    await summaryItem(page, '概要：两项小结（甲 至 乙）').waitFor();
    await summaryItem(page, '概要：后两项（丙 至 丁）').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
