import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { clickNode, download, editField, mapFocused, openMinder, outline, saved, selectedTexts, tree } from './mindmap-helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';

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

describe('formulas in node text', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(inject('baseURL'), E2E_STUDENTS.formulas.loginName);
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
    expect(await dialog.getByRole('button', { name: '插入下级主题' }).isDisabled()).toBe(true);
    const plainThere = (await dBox(other)).height;
    await expect.poll(async () => (await dBox(SPOKEN)).height, { timeout: 15_000 }).toBeGreaterThan(plainThere);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
