import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { clickNode, download, editField, focusOutside, item, mapFocused, nodeBox, openMinder, pasteImport, saved, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// An outside tester's findings on summaries (概要), driven as they were found: a second summary
// sharing a topic with the first (乙–丙 beside 丙–丁) in an org chart is drawn over 乙 and 丙
// only, on the canvas and in the SVG export; a summary's formula is said (公式：…) when its text is
// edited and shown as typed ($…$) in the outline tree, like a topic's; an undo or redo that takes
// a summary or a line away selects the topic it was about and says so, not the central topic.

type Box = { x: number; y: number; width: number; height: number };

const MAP = {
  root: {
    data: { id: 'r', text: '学习计划' },
    children: ['甲', '乙', '丙', '丁'].map((t, i) => ({ data: { id: `n${i}`, text: t }, children: [] })),
  },
  template: 'structure', // 组织结构图: 甲 乙 丙 丁 in a row, summaries below
  theme: 'fresh-blue',
  version: '1.4.43',
  summaries: [{ id: 's1', parent: 'r', first: 'n2', last: 'n3', text: '后两个' }],
};

const live = (page: Page) => page.locator('.mind-editor__live').textContent();
const summaryRow = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });

/** The canvas, once painting has settled (two equal shots in a row). */
async function shot(page: Page): Promise<{ png: PNG; x: number; y: number }> {
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
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

/** Pixels that differ between two shots inside page rect `r` (clipped to the canvas). */
function changed(a: { png: PNG; x: number; y: number }, b: { png: PNG }, r: Box): number {
  let n = 0;
  for (let y = Math.max(0, Math.round(r.y - a.y)); y < Math.min(a.png.height, Math.round(r.y - a.y + r.height)); y++)
    for (let x = Math.max(0, Math.round(r.x - a.x)); x < Math.min(a.png.width, Math.round(r.x - a.x + r.width)); x++) {
      const i = (y * a.png.width + x) * 4;
      if (Math.abs(a.png.data[i] - b.png.data[i]) + Math.abs(a.png.data[i + 1] - b.png.data[i + 1]) + Math.abs(a.png.data[i + 2] - b.png.data[i + 2]) > 30) n++;
    }
  return n;
}

type Topic = string | [name: RegExp, shown: string];

/** A topic's box on screen (nodeBox for a topic named otherwise than shown: a formula). */
async function boxOf(page: Page, t: Topic): Promise<Box> {
  if (typeof t === 'string') return nodeBox(page, t);
  await item(page, t[0]).first().click();
  await expect.poll(() => selectedTexts(page)).toEqual([t[1]]);
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  return (await page.locator('.mind-edit.is-armed').boundingBox())!;
}

/** Clicks `a` then Shift-clicks `b` on the canvas. */
async function pickTwo(page: Page, a: Topic, b: Topic): Promise<void> {
  const ba = await boxOf(page, a);
  const bb = await boxOf(page, b);
  await focusOutside(page);
  await page.mouse.click(ba.x + ba.width / 2, ba.y + ba.height / 2);
  await page.keyboard.down('Shift');
  await page.mouse.click(bb.x + bb.width / 2, bb.y + bb.height / 2);
  await page.keyboard.up('Shift');
  await expect.poll(() => selectedTexts(page)).toEqual([a, b].map((t) => (typeof t === 'string' ? t : t[1])));
}

/** What a summary row shows (its accessible name is the spoken form). */
const shown = (row: Locator) => row.locator('.mind-tree__summary-text').textContent();

/** The horizontal reach of the brace of the exported summary whose topic reads `text`. */
function braceReach(svg: string, text: string): [number, number] {
  const g = svg.split('<g class="summary"').find((part) => part.split('</g>')[0].includes(`>${text}<`))!;
  const d = /class="summary-brace" d="([^"]+)"/.exec(g)![1];
  const xs = [...d.matchAll(/[MLQ]\s*([-\d.]+(?:\s+[-\d.]+)*)/g)].flatMap((m) =>
    m[1]
      .split(/\s+/)
      .map(Number)
      .filter((_, k) => k % 2 === 0),
  );
  return [Math.min(...xs), Math.max(...xs)];
}

describe('summaries: placement beside others, formulas, the selection after undo', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.summaryFixes.loginName);
    await applyForCases(s.page, 'case-04'); // the edited map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('org chart: 乙 + 丙, Ctrl+] beside the 丙–丁 summary draws a brace over 乙 and 丙 only (canvas and SVG)', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '丁'));
    await summaryRow(page, '概要：后两个（丙 至 丁）').waitFor();
    const d = await nodeBox(page, '丁');
    await pickTwo(page, '乙', '丙');
    const before = await shot(page);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('中间两个');
    await saved(page, () => page.keyboard.press('Enter'));
    await summaryRow(page, '概要：中间两个（乙 至 丙）').waitFor();
    const after = await shot(page);
    // Nothing new below the right half of 丁 (the first summary there is unchanged; the camera too).
    expect(await nodeBox(page, '丁')).toEqual(d);
    const below: Box = { x: d.x + d.width / 2, y: d.y + d.height + 2, width: d.width / 2, height: 400 };
    expect.soft(changed(before, after, below)).toBeLessThan(5);

    // The exported SVG has the same geometry: the new brace ends before 丁, the first one spans it.
    const svg = (await download(page, /SVG/)).toString('utf8');
    const [first0, first1] = braceReach(svg, '后两个');
    const [mine0, mine1] = braceReach(svg, '中间两个');
    expect(mine0).toBeLessThan(first0 - 20);
    expect(mine1).toBeLessThan(first1 - 20);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('a summary with a formula: said as 公式：… when edited, shown as typed in the outline tree like a topic', async () => {
    const { page } = s;
    await clickNode(page, '甲');
    await page.keyboard.press('F2');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('$E=mc^2$');
    await saved(page, () => page.keyboard.press('Enter'));
    await expect.poll(() => live(page)).toContain('已修改为：公式：E=mc^2');

    const row = summaryRow(page, /^概要：中间两个/);
    await row.click();
    await mapFocused(page);
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('中间两个');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('勾股定理 $a^2+b^2=c^2$');
    await saved(page, () => page.keyboard.press('Enter'));
    await expect.poll(() => live(page)).toContain('概要已修改为：勾股定理 ');
    expect.soft(await live(page)).toContain('概要已修改为：勾股定理 公式：a^2+b^2=c^2');

    // The topic row shows what was typed; the summary row too — both say the formula.
    await expect
      .poll(() =>
        item(page, /^公式：E=mc\^2/)
          .locator('.mind-tree__text')
          .textContent(),
      )
      .toBe('$E=mc^2$');
    const named = summaryRow(page, '概要：勾股定理 公式：a^2+b^2=c^2（乙 至 丙）');
    await named.waitFor();
    expect(await shown(named)).toBe('概要：勾股定理 $a^2+b^2=c^2$（乙 至 丙）');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('undo and redo select the topic a summary or a line was about, and say it', async () => {
    const { page } = s;
    // A summary over $E=mc^2$ (甲) and 乙, undone: its first topic is selected.
    await pickTwo(page, [/^公式：E=mc\^2/, '$E=mc^2$'], '乙');
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('小结');
    await saved(page, () => page.keyboard.press('Enter'));
    const row = summaryRow(page, /^概要：(概要|小结)（公式：E=mc\^2 至 乙）$/);
    await row.waitFor();
    // (a range end with a formula: shown as typed too)
    expect.soft(await shown(row)).toBe('概要：小结（$E=mc^2$ 至 乙）');
    await saved(page, () => page.keyboard.press('Control+z'));
    await summaryRow(page, '概要：概要（公式：E=mc^2 至 乙）').waitFor();
    await saved(page, () => page.keyboard.press('Control+z'));
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => selectedTexts(page)).toEqual(['$E=mc^2$']);
    await expect.poll(() => live(page)).toContain('已撤销，已选中主题：公式：E=mc^2');

    // Deleted, brought back, the delete redone: the selection goes to its first topic again.
    await saved(page, () => page.keyboard.press('Control+y'));
    await row.waitFor();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    await saved(page, () => page.keyboard.press('Control+y'));
    await summaryRow(page, '概要：小结（公式：E=mc^2 至 乙）').waitFor();
    await saved(page, () => page.keyboard.press('Delete'));
    await row.waitFor({ state: 'detached' });
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    await saved(page, () => page.keyboard.press('Control+y'));
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => selectedTexts(page)).toEqual(['$E=mc^2$']);
    await expect.poll(() => live(page)).toContain('已重做，已选中主题：公式：E=mc^2');

    // A line from 丙 to 丁, deleted, brought back, the delete redone: 丙 is selected.
    const target = await nodeBox(page, '丁');
    await clickNode(page, '丙');
    await page.getByRole('button', { name: '关联线', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '点击要关联的主题' }).waitFor();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 4 });
    await saved(page, () => page.mouse.click(target.x + target.width / 2, target.y + target.height / 2));
    await expect.poll(() => live(page)).toContain('已添加关联线：丙 → 丁');
    await mapFocused(page);
    await saved(page, () => page.keyboard.press('Delete'));
    await expect.poll(() => live(page)).toContain('已删除关联线');
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => live(page)).toContain('已撤销，已选中关联线：丙 → 丁');
    await saved(page, () => page.keyboard.press('Control+y'));
    await expect.poll(() => selectedTexts(page)).toEqual(['丙']);
    await expect.poll(() => live(page)).toContain('已重做，已选中主题：丙');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
