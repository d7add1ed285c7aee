import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAt, relationCurve, type BoxLike } from '../../../src/mindmap/core';
import type { BrowserSession } from '../browser';
import { editField, focusOutside, item, mapFocused, nodeBox, nodePoint, openMinder, outline, pasteImport, saved, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// An XMind / kityminder user's findings in the editor, driven as they drove it (canvas clicks,
// keys): Ctrl+Z right after Tab, Shift+click runs, what the live region says, arrow keys and
// summaries, summary rows of the outline tree, a click on a line's label, a left-side 概要's
// edit field. The map is this student's own (case-04), replaced by a paste import first.

const kids = (names: string[]) => names.map((t) => ({ data: { id: t, text: t }, children: [] as unknown[] }));
const MAP = {
  root: {
    data: { id: 'root', text: '中心' },
    children: [
      { data: { id: '右一', text: '右一' }, children: kids(['右一甲', '右一乙', '右一丙']) },
      ...kids(['右二', '右三']),
      { data: { id: '左一', text: '左一' }, children: kids(['左一甲', '左一乙', '左一丙']) },
      ...kids(['左二']),
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const live = (page: Page) => page.locator('.mind-editor__live').textContent();
const keyTarget = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const summaryRow = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });

/** Clicks `to` on the canvas with a modifier held (after clicking `from` plainly). */
async function clickWith(page: Page, modifier: 'Shift' | 'Control', to: { x: number; y: number }): Promise<void> {
  await page.keyboard.down(modifier);
  await page.mouse.click(to.x, to.y);
  await page.keyboard.up(modifier);
}

describe('editor findings of an XMind user', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.editorUx.loginName);
    await applyForCases(s.page, 'case-04'); // the edited map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('Ctrl+Z right after Tab takes the new topic back; once typed, Ctrl+Z is the text’s own undo; Ctrl+Shift+Z from F2 redoes', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '左二'));
    // 思维导图 (default): topics on both sides of the central topic.
    expect((await nodeBox(page, '左二')).x).toBeLessThan((await nodeBox(page, '中心')).x);
    const p = await nodePoint(page, '右二');
    await focusOutside(page);
    await page.mouse.click(p.x, p.y);
    await page.keyboard.press('Tab');
    await expect.poll(() => editField(page).inputValue()).toBe('分支主题');
    await item(page, '分支主题').waitFor();
    await page.keyboard.press('Control+z');
    await editField(page).waitFor({ state: 'detached' });
    await expect.poll(() => outline(page)).not.toContain('分支主题');
    await expect.poll(() => selectedTexts(page)).toEqual(['右二']);

    // Typed: Ctrl+Z undoes the typing in the field, the field stays.
    await page.keyboard.press('Tab');
    await expect.poll(() => editField(page).inputValue()).toBe('分支主题');
    await page.keyboard.type('新');
    await page.keyboard.press('Control+z');
    expect(await editField(page).isVisible()).toBe(true);
    expect(await editField(page).inputValue()).not.toBe('新');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).not.toContain('分支主题');

    // F2 with nothing typed: Ctrl+Shift+Z (and Ctrl+Y) leave the field and redo on the map.
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('右二');
    await page.keyboard.press('Control+Shift+z');
    await editField(page).waitFor({ state: 'detached' });
    await item(page, '分支主题').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).not.toContain('分支主题');
  });

  it('Shift+click selects the run of siblings (Ctrl+] covers it), the label names them all; Ctrl+click toggles one', async () => {
    const { page } = s;
    const [a, b, c] = [await nodePoint(page, '右一甲'), await nodePoint(page, '右一乙'), await nodePoint(page, '右一丙')];
    const two = await nodePoint(page, '右二');
    await focusOutside(page);
    await page.mouse.click(a.x, a.y);
    await clickWith(page, 'Shift', c);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一甲', '右一乙', '右一丙']);
    await mapFocused(page);
    expect(await keyTarget(page)).toBe('思维导图，已选中 3 个主题：右一甲、右一乙、右一丙');
    await expect.poll(() => live(page)).toContain('已选中 3 个主题：右一甲、右一乙、右一丙');

    // Ctrl+click takes one out and puts it back.
    await clickWith(page, 'Control', b);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一甲', '右一丙']);
    await clickWith(page, 'Control', b);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一甲', '右一乙', '右一丙']);
    // Not a sibling: Shift+click adds it.
    await clickWith(page, 'Shift', two);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一甲', '右一乙', '右一丙', '右二']);

    // The run of the first two, summarised with Ctrl+].
    await page.mouse.click(a.x, a.y);
    await clickWith(page, 'Shift', b);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一甲', '右一乙']);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('前两项的一个相当长的概要文字，在大纲里要换行显示');
    await page.keyboard.press('Enter');
    await summaryRow(page, /^概要：前两项.*（右一甲 至 右一乙）$/).waitFor();
  });

  it('outline tree: a summary row follows its range’s children, in their set, its ｝ on the line of its text', async () => {
    const { page } = s;
    const rows: string[][] = await tree(page)
      .getByRole('treeitem')
      .evaluateAll((els) =>
        els.map((e) => [
          (e.getAttribute('aria-label') ?? '').split('，')[0],
          e.getAttribute('aria-level') ?? '',
          e.getAttribute('aria-setsize') ?? '',
          e.getAttribute('aria-posinset') ?? '',
        ]),
      );
    const at = rows.findIndex((r) => r[0].startsWith('概要：前两项'));
    expect(rows.slice(at - 3, at + 2).map((r) => r[0].slice(0, 5))).toEqual(['右一甲', '右一乙', '右一丙', '概要：前两', '右二']);
    expect(rows[at].slice(1)).toEqual(['3', '4', '4']);
    expect(rows[at - 3].slice(1)).toEqual(['3', '4', '1']);
    // The glyph and the (wrapping) text start on one line; the text never goes below the glyph.
    const row = summaryRow(page, /^概要：前两项/);
    const glyph = (await row.locator('.mind-tree__toggle').boundingBox())!;
    const text = (await row.locator('.mind-tree__summary-text').boundingBox())!;
    expect(text.height).toBeGreaterThan(glyph.height * 1.5); // it does wrap (the panel is narrow)
    expect(text.x).toBeGreaterThanOrEqual(glyph.x + glyph.width - 1);
    expect(Math.abs(text.y - glyph.y)).toBeLessThan(6);
  });

  it('arrow keys go to topics; a summary is reached from its range’s outer edge', async () => {
    const { page } = s;
    // A summary of 右三 alone, right of it.
    const three = await nodePoint(page, '右三');
    await focusOutside(page);
    await page.mouse.click(three.x, three.y);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('末项');
    await page.keyboard.press('Enter');
    await summaryRow(page, '概要：末项（右三）').waitFor();

    const root = await nodePoint(page, '中心');
    await focusOutside(page);
    await page.mouse.click(root.x, root.y);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await selectedTexts(page)).length).toBe(1);
    expect(['右一', '右二', '右三']).toContain((await selectedTexts(page))[0]);
    expect(await summaryRow(page, '概要：末项（右三）').getAttribute('aria-selected')).toBe('false');

    await page.mouse.click(three.x, three.y);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => summaryRow(page, '概要：末项（右三）').getAttribute('aria-selected')).toBe('true');
    // From a topic with children → goes to a child; from that child on, to the range's summary.
    const one = await nodePoint(page, '右一乙');
    await focusOutside(page);
    await page.mouse.click(one.x, one.y);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => summaryRow(page, /^概要：前两项/).getAttribute('aria-selected')).toBe('true');
  });

  it('says why: Ctrl+] on the central topic, a line to itself, a second line; each message replaces the last and is said again', async () => {
    const { page } = s;
    const root = await nodePoint(page, '中心');
    await focusOutside(page);
    await page.mouse.click(root.x, root.y);
    await mapFocused(page);
    await page.keyboard.press('Control+]');
    await expect.poll(() => live(page)).toBe('中心主题不能添加概要');
    await page.evaluate(() => ((window as unknown as { said: Node }).said = document.querySelector('.mind-editor__live span')!));
    await page.keyboard.press('Control+]');
    // The same words, a new text node: a screen reader says them again.
    await expect.poll(() => page.evaluate(() => (window as unknown as { said: Node }).said.isConnected)).toBe(false);
    expect(await live(page)).toBe('中心主题不能添加概要');

    await page.keyboard.press('Control+l');
    await page.keyboard.press('Enter');
    await expect.poll(() => live(page)).toBe('不能把主题关联到它自己');
    await page.keyboard.press('Escape');

    // A line 右二 → 左二, then the same line again: one per pair and direction, said.
    const two = await nodePoint(page, '右二');
    const left = await nodePoint(page, '左二');
    for (const expected of ['已添加关联线：右二 → 左二', '这两个主题之间已有同方向的关联线']) {
      await focusOutside(page);
      await page.mouse.click(two.x, two.y);
      await page.keyboard.press('Control+l');
      await page.mouse.move(left.x, left.y, { steps: 3 });
      await page.mouse.click(left.x, left.y);
      await expect.poll(() => live(page)).toContain(expected);
    }
  });

  it('a click on a line’s label selects the line alone, as a click on its curve does', async () => {
    const { page } = s;
    // Label the line (selected with Alt+L from 右二, F2).
    const two = await nodePoint(page, '右二');
    await focusOutside(page);
    await page.mouse.click(two.x, two.y);
    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('已选中关联线：右二 → 左二');
    await page.keyboard.press('F2');
    const label = page.getByRole('textbox', { name: /^关联线标签/ });
    await label.fill('对照对照对照');
    await saved(page, () => label.press('Enter'));
    await page.keyboard.press('Escape');
    // The label sits at the middle of the curve (as the canvas draws it): a click on its words,
    // above the curve, with 右一 selected before.
    const a = await nodeBox(page, '右二');
    const b = await nodeBox(page, '左二');
    const z = Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;
    const w = (r: typeof a): BoxLike => ({ x: r.x / z, y: r.y / z, w: r.width / z, h: r.height / z });
    const m = pointAt(relationCurve(w(a), w(b)), 0.5);
    const one = await nodePoint(page, '右一');
    await focusOutside(page);
    await page.mouse.click(one.x, one.y);
    await expect.poll(() => selectedTexts(page)).toEqual(['右一']);
    await page.mouse.click(m.x * z + 20 * z, m.y * z - 7 * z);
    await expect.poll(() => selectedTexts(page)).toEqual([]);
    await expect.poll(() => keyTarget(page)).toMatch(/^思维导图，已选中关联线：右二 → 左二/);
    await page.keyboard.press('Escape');
  });

  it('a left-side 概要’s edit field sits where its topic is drawn, never over the range', async () => {
    const { page } = s;
    const yi = await nodeBox(page, '左一乙');
    await page.mouse.click(yi.x + yi.width / 2, yi.y + yi.height / 2);
    await mapFocused(page);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    const opened = (await editField(page).boundingBox())!;
    // Left of the range (and of its brace): not over 左一乙's text.
    expect(opened.x + opened.width).toBeLessThan(yi.x);
    await page.keyboard.type('左侧的概要');
    const typed = (await editField(page).boundingBox())!;
    expect(Math.abs(typed.x + typed.width - (opened.x + opened.width))).toBeLessThan(2);
    await page.keyboard.press('Enter');
    await summaryRow(page, '概要：左侧的概要（左一乙）').waitFor();
    // Edited again (F2 on its row's selection): the field opens on the topic as drawn, same right edge.
    await summaryRow(page, '概要：左侧的概要（左一乙）').click();
    await mapFocused(page);
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('左侧的概要');
    const drawn = (await editField(page).boundingBox())!;
    expect(Math.abs(drawn.x + drawn.width - (typed.x + typed.width))).toBeLessThan(4);
    await page.keyboard.press('Escape');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('keys typed with no topic selected are dropped, not put in front of the next topic’s text (outside walk)', async () => {
    const { page } = s;
    await item(page, '右三').waitFor();
    // a click on empty canvas (below the map) leaves nothing selected, and the map keeps the keyboard
    const canvas = (await page.locator('.mind-editor canvas').first().boundingBox())!;
    await page.mouse.click(canvas.x + 12, canvas.y + canvas.height - 12);
    await expect.poll(() => selectedTexts(page)).toEqual([]);
    await page.keyboard.type('abc');
    await page.keyboard.press('Enter');
    // an IME composition too (CDP Input.insertText, as an IME commits)
    await page.keyboard.insertText('中文');
    const p = await nodePoint(page, '右三');
    await page.mouse.click(p.x, p.y);
    await page.keyboard.type('X');
    await expect.poll(() => editField(page).inputValue()).toBe('X');
    await saved(page, () => page.keyboard.press('Enter'));
    await item(page, 'X').waitFor();
    expect(await outline(page)).not.toContain('abcX');
  });

  it('应用到导图 in the 大纲 panel is said', async () => {
    const { page } = s;
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const text = page.getByRole('textbox', { name: '大纲文本', exact: true });
    await expect.poll(() => text.inputValue()).toContain('左二');
    await text.fill((await text.inputValue()).replace('左二', '左二改'));
    await page.getByRole('button', { name: '应用到导图' }).click();
    await expect.poll(() => live(page)).toContain('已将大纲应用到导图');
    await item(page, '左二改').waitFor();
    await page.getByRole('status').filter({ hasText: '大纲已应用到导图并保存' }).waitFor();
  });
});
