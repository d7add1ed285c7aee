import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, download, editField, mapFocused, nodeBox, openMinder, outline, pasteImport, saved, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Formulas in node text (issue 19.3): a student selects a node on the canvas, types a title
// with `$…$`, and KaTeX typesets it on the canvas: the node grows to the formula's box (the
// worker lays it out with the size the page measured). Screen readers hear the LaTeX source,
// undo restores the plain title, the SVG export carries the typesetting (KaTeX's HTML with its
// CSS and fonts inside the file) and the PNG export, a note previews its formula typeset, and
// the read-only preview of the saved map (历史版本) shows it too.

const FORMULA = '勾股定理 $c=\\sqrt{a^2+b^2}$';
const SPOKEN = '勾股定理 公式：c=\\sqrt{a^2+b^2}';
const BROKEN = '错误 $\\frac{1$';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tree row by its accessible name (the title as spoken, then its marks). */
const row = (page: Page, name: string) => tree(page).getByRole('treeitem', { name: new RegExp(`^${escape(name)}(，|$)`) });

/** The selected node's box on screen (the keyboard target lies over it), once the camera rests. */
async function boxOfRow(page: Page, name: string): Promise<{ x: number; y: number; width: number; height: number }> {
  await row(page, name).first().click();
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  return (await page.locator('.mind-edit.is-armed').boundingBox())!;
}

/** Pixels of KaTeX's error red (#cc3333) inside a node's box on the canvas. */
async function redInk(page: Page, name: string): Promise<number> {
  const b = await boxOfRow(page, name);
  const png = PNG.sync.read(await page.screenshot({ clip: { x: b.x, y: b.y, width: b.width, height: b.height } }));
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (Math.abs(png.data[i] - 0xcc) < 40 && png.data[i + 1] < 110 && png.data[i + 2] < 110) n++;
  return n;
}

/** A map of four sibling topics right of the centre, for a summary over the first two. */
const SIBLINGS = {
  root: { data: { id: 'r', text: '中心' }, children: ['甲', '乙', '丙', '丁'].map((t, i) => ({ data: { id: `n${i}`, text: t }, children: [] })) },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
};
const SUMMARY = '小结 $\\frac{a+b}{2}$';

type Rect = { x: number; y: number; width: number; height: number };

/**
 * The summary topic's drawn box inside page rect `r` of the resting canvas: the second run of
 * columns with anything drawn (not background) in them, the first being the brace.
 */
async function topicInk(page: Page, r: Rect): Promise<{ width: number; height: number }> {
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  const png = PNG.sync.read(await page.screenshot({ clip: r }));
  const bg = [png.data[0], png.data[1], png.data[2]];
  const inked = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return Math.abs(png.data[i] - bg[0]) + Math.abs(png.data[i + 1] - bg[1]) + Math.abs(png.data[i + 2] - bg[2]) >= 60;
  };
  const rows = (x: number) => Array.from({ length: png.height }, (_, y) => y).filter((y) => inked(x, y));
  let x = 0;
  while (x < png.width && !rows(x).length) x++; // up to the brace
  while (x < png.width && rows(x).length) x++; // over it
  while (x < png.width && !rows(x).length) x++; // up to the topic
  const x0 = x;
  let [y0, y1] = [Infinity, -1];
  for (let ys = rows(x); x < png.width && ys.length; ys = rows(++x)) [y0, y1] = [Math.min(y0, ys[0]), Math.max(y1, ys[ys.length - 1])];
  return y1 < 0 ? { width: 0, height: 0 } : { width: x - x0, height: y1 - y0 + 1 };
}

describe('formulas in node text', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.formulas.loginName);
    await applyForCases(s.page, 'case-04'); // the edited map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('typesets a formula typed into a node, says its LaTeX, undoes, exports it and shows it read-only', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    const [, target, other] = await outline(page);
    const plain = await boxOfRow(page, target);

    // Select the node on the canvas, F2, type the formula, Enter.
    await clickNode(page, target);
    await page.keyboard.press('F2');
    await editField(page).waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(FORMULA);
    await page.keyboard.press('Enter');
    await mapFocused(page);

    // The ARIA row names the LaTeX source; the node grows to fit the typeset square root (laid
    // out as plain text its box would keep the one-line height).
    await row(page, SPOKEN).waitFor();
    expect(await selectedTexts(page)).toEqual([FORMULA]);
    await expect.poll(async () => (await boxOfRow(page, SPOKEN)).height, { timeout: 15_000 }).toBeGreaterThan(plain.height);

    // Invalid LaTeX is shown (its source, in red) and never breaks the editor.
    await clickNode(page, other);
    await page.keyboard.press('F2');
    await editField(page).waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(BROKEN);
    await page.keyboard.press('Enter');
    await row(page, '错误 公式：\\frac{1').waitFor();
    await expect.poll(() => redInk(page, '错误 公式：\\frac{1'), { timeout: 15_000 }).toBeGreaterThan(20);

    // Undo twice: both titles come back and the node shrinks to its plain size again.
    await mapFocused(page);
    await page.keyboard.press('ControlOrMeta+z');
    await row(page, other).waitFor();
    await page.keyboard.press('ControlOrMeta+z');
    await row(page, target).waitFor();
    expect(await row(page, SPOKEN).count()).toBe(0);
    expect((await boxOfRow(page, target)).height).toBe(plain.height);

    // Redo: the formula again, saved.
    await mapFocused(page);
    await saved(page, () => page.keyboard.press('ControlOrMeta+y'));
    await row(page, SPOKEN).waitFor();

    // The SVG export draws it with KaTeX (HTML in a foreignObject, fonts inlined), named by its LaTeX.
    const svg = (await download(page, /SVG/)).toString('utf8');
    expect(svg).toContain(`aria-label="${SPOKEN}"`);
    expect(svg).toMatch(/<foreignObject[^>]*data-latex="勾股定理 \$c=\\sqrt\{a\^2\+b\^2\}\$"/);
    expect(svg).toContain('class="katex"');
    expect(svg).toMatch(/@font-face\{[^}]*font-family:KaTeX_Main;[^}]*src:url\(data:font\/woff2;base64,/);
    // Opened on its own (no page CSS, no network): the formula is laid out in KaTeX's own font.
    const file = await s.context.newPage();
    await file.route('**/*', (r) => r.abort());
    await file.setContent(svg);
    await file.evaluate(() => document.fonts.ready);
    const shown = await file.evaluate(() => {
      const k = document.querySelector('foreignObject .katex .mord');
      return { width: k?.getBoundingClientRect().width ?? 0, font: k ? getComputedStyle(k).fontFamily : '', loaded: document.fonts.check('16px KaTeX_Main') };
    });
    await file.close();
    expect(shown.width).toBeGreaterThan(0);
    expect(shown.font).toContain('KaTeX');
    expect(shown.loaded).toBe(true);

    // The PNG export rasterises that SVG: the formula's box has ink (no <text> is drawn there).
    const png = PNG.sync.read(await download(page, /PNG/));
    const [, ox, oy] = /<g transform="translate\(([-\d.]+),([-\d.]+)\)">/.exec(svg)!.map(Number);
    const fo = /<foreignObject x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    let ink = 0;
    for (let y = Math.round(fo[1] + oy); y < fo[1] + oy + fo[3]; y++)
      for (let x = Math.round(fo[0] + ox); x < fo[0] + ox + fo[2]; x++) {
        const i = (y * png.width + x) * 4;
        if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 200) ink++;
      }
    expect(ink).toBeGreaterThan(50);

    // A note (备注) with a formula: its preview shows it typeset, named by its LaTeX.
    await row(page, SPOKEN).click();
    await page.getByRole('button', { name: /^备注/ }).click();
    const note = page.getByRole('dialog', { name: '备注' });
    await note.getByLabel('备注内容').fill('面积 $S=\\frac{1}{2}ah$');
    await saved(page, () => note.getByRole('button', { name: '确定' }).click());
    await row(page, other).click();
    await row(page, SPOKEN).click();
    const tip = page.getByRole('tooltip', { name: '备注预览' });
    await tip.getByRole('img', { name: '公式：S=\\frac{1}{2}ah' }).locator('.katex .mfrac').waitFor();

    // Read-only: the saved map previewed from 历史版本 (a read-only editor of its own) shows the
    // formula typeset: its node is taller than its plain sibling, and nothing can be edited.
    await page.getByRole('button', { name: '历史版本' }).click();
    await page
      .locator('#mind-history-panel')
      .getByRole('button', { name: /^预览 / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /的版本（只读）$/ });
    const dRow = (name: string) => dialog.getByRole('treeitem', { name: new RegExp(`^${escape(name)}(，|$)`) });
    const dBox = async (name: string) => {
      await dRow(name).click();
      await dialog.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
      return (await dialog.locator('.mind-edit.is-armed').boundingBox())!;
    };
    await dRow(SPOKEN).waitFor();
    // read-only: a reader's toolbar, no editing buttons (issue 31.5)
    expect(await dialog.getByRole('button', { name: '插入下级主题' }).count()).toBe(0);
    const plainThere = (await dBox(other)).height;
    await expect.poll(async () => (await dBox(SPOKEN)).height, { timeout: 15_000 }).toBeGreaterThan(plainThere);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it("typesets a formula typed into a summary's topic (概要) on the canvas and in the SVG export", async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(SIBLINGS), '丁'));
    const a = await nodeBox(page, '甲');
    const b = await nodeBox(page, '乙');
    // 甲 clicked on the canvas, Shift+↓ takes 乙 too, Ctrl+] draws the summary, its text typed.
    await clickNode(page, '甲');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => selectedTexts(page)).toEqual(['甲', '乙']);
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await page.keyboard.type('两项');
    await saved(page, () => page.keyboard.press('Enter'));
    await tree(page).getByRole('treeitem', { name: '概要：两项（甲 至 乙）' }).waitFor();
    // The band right of the two topics holds the brace and the summary topic.
    const right = Math.max(a.x + a.width, b.x + b.width);
    const band: Rect = { x: right + 2, y: a.y - 40, width: 240, height: b.y + b.height - a.y + 80 };
    const plain = await topicInk(page, band);

    // A click on the summary's topic, then F2 edits its text.
    await page.mouse.click(right + 50, (a.y + b.y + b.height) / 2);
    await mapFocused(page);
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe('两项');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(SUMMARY);
    await saved(page, () => page.keyboard.press('Enter'));
    await tree(page).getByRole('treeitem', { name: '概要：小结 公式：\\frac{a+b}{2}（甲 至 乙）' }).waitFor();
    // Typeset, the fraction stands taller than a line of text, and the topic is about as narrow
    // as the typeset label (its source `$\frac{a+b}{2}$` drawn as text is some 100 px wider).
    await expect.poll(async () => (await topicInk(page, band)).height, { timeout: 15_000 }).toBeGreaterThan(plain.height + 4);
    expect((await topicInk(page, band)).width).toBeLessThan(plain.width + 60);

    // The SVG export draws it typeset in the summary's group, named by its LaTeX.
    const svg = (await download(page, /SVG/)).toString('utf8');
    const group = /<g class="summary"[\s\S]*?<\/g>/.exec(svg)![0];
    expect(group).toContain('aria-label="小结 公式：\\frac{a+b}{2}"');
    expect(group).toContain('class="katex"');
    expect(svg).toMatch(/@font-face\{[^}]*font-family:KaTeX_Main;/);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
