import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { importFile, item, nodeBox, nodePoint, openMinder, outline, saved } from './helpers';
import { openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// Import and export of the mind-map editor through its menu: downloads of every format, files
// chosen through the real file input, pasted text, and real-file shapes (a Notepad forest, a
// markmap note) with the notices that say what changed shape.

/** Real-file shapes the engine's format tests read too. */
const FIXTURES = new URL('../../../src/mindmap/engine/protocols/fixtures/', import.meta.url).pathname;

async function downloadOf(page: Page, menuItem: RegExp): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: '导入 / 导出' }).click();
  const dl = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: menuItem }).click();
  const d = await dl;
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'latin1') };
}

describe('import and export', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
  });
  afterAll(async () => s?.close());

  it('exports .km, .md, outline text, SVG and PNG as downloads', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    const km = await downloadOf(page, /JSON/);
    expect(km.name).toBe('零售门店销售数据分析.km');
    const doc = JSON.parse(Buffer.from(km.text, 'latin1').toString('utf8'));
    expect(doc.root.data.text).toBe('零售门店销售数据分析');
    expect(doc.version).toBe('1.4.43');
    const md = await downloadOf(page, /Markdown/);
    expect(md.name).toBe('零售门店销售数据分析.md');
    expect(Buffer.from(md.text, 'latin1').toString('utf8')).toMatch(/^# 零售门店销售数据分析\n/);
    const txt = await downloadOf(page, /导出 大纲文本/);
    expect(
      Buffer.from(txt.text, 'latin1')
        .toString('utf8')
        .split(/\r\n?|\n/)
        .slice(0, 2),
    ).toEqual(['零售门店销售数据分析', '\t数据获取']);
    const svg = await downloadOf(page, /SVG/);
    expect(svg.text.startsWith('<svg')).toBe(true);
    const png = await downloadOf(page, /PNG/);
    expect(png.name).toBe('零售门店销售数据分析.png');
    expect(png.text.slice(0, 4)).toBe('\x89PNG');
  });

  it('imports outline text, markdown and .km files and pasted text; refuses unknown types', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await importFile(page, '计划.txt', '学习计划\n\t第一周\n\t\t阅读\n\t第二周\n');
    await expect.poll(() => outline(page)).toEqual(['学习计划', '第一周', '阅读', '第二周']);
    expect(await item(page, '阅读').getAttribute('aria-level')).toBe('3');
    await importFile(page, '笔记.md', '# 读书笔记\n## 第一章\n## 第二章\n');
    await expect.poll(() => outline(page)).toEqual(['读书笔记', '第一章', '第二章']);
    await importFile(
      page,
      '图.km',
      JSON.stringify({
        root: { data: { text: '导入的图' }, children: [{ data: { text: '子主题' } }] },
        template: 'default',
        theme: 'classic',
        version: '1.4.43',
      }),
    );
    await expect.poll(() => outline(page)).toEqual(['导入的图', '子主题']);
    expect(await page.getByRole('combobox', { name: '主题' }).inputValue()).toBe('classic');
    await importFile(page, '报告.docx', 'x');
    await toastWith(page, 'Not supported protocol').waitFor();
    await toastWith(page, '不支持这种文件').waitFor();
    // Two top-level lines are a forest: it goes under a root named after the file, and says so.
    await importFile(page, '两个根.txt', '根一\n根二\n');
    await expect.poll(() => outline(page)).toEqual(['两个根', '根一', '根二']);
    await toastWith(page, '已导入「两个根.txt」，文件有 2 个顶层主题，已放在新建的根主题“两个根”下。可按 Ctrl+Z 撤销。').waitFor();
    await importFile(page, '坏.txt', '根\n\t\t跳级\n');
    await toastWith(page, 'Invalid local format：第 2 行：缩进跳级').waitFor();
    expect(await outline(page)).toEqual(['两个根', '根一', '根二']);

    await page.getByRole('button', { name: '导入 / 导出' }).click();
    await page.getByRole('menuitem', { name: '粘贴大纲文本导入' }).click();
    const dialog = page.getByRole('dialog', { name: '粘贴导入' });
    await dialog.getByLabel('内容').fill('粘贴的图\n    四空格子项\n');
    // saved before the next test starts: its saved() must not take this save for its own
    await saved(page, () => dialog.getByRole('button', { name: '导入' }).click());
    await expect.poll(() => outline(page)).toEqual(['粘贴的图', '四空格子项']);
  });

  it('an imported map whose root has a note does not pop the note over the map; the tree still shows it on selection', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    const map = {
      root: { data: { text: '带备注的图', note: '根的备注' }, children: [{ data: { text: '子一', note: '子一的备注' } }, { data: { text: '子二' } }] },
    };
    await saved(page, () => importFile(page, '带备注.km', JSON.stringify(map)));
    await item(page, '子二').waitFor();
    const tip = page.getByRole('tooltip', { name: '备注预览' });
    await page.waitForTimeout(500);
    expect(await tip.count()).toBe(0);
    // the student's own selection in the tree still previews the note (keyboard users read it so)
    await item(page, '子一').click();
    await tip.waitFor();
    expect(await tip.textContent()).toBe('子一的备注');

    // 子一 panned to the right edge of the map: the preview keeps its one line and stays inside
    // (it shrank to one character a line there: outside walk)
    const canvas = (await page.locator('.mind-editor__canvas').boundingBox())!;
    const node = await nodeBox(page, '子一');
    const from = { x: canvas.x + 10, y: canvas.y + canvas.height - 10 };
    const dx = canvas.x + canvas.width - 24 - (node.x + node.width);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 2, from.y, { steps: 4 });
    await page.mouse.move(from.x + dx, from.y, { steps: 4 });
    await page.mouse.up();
    await item(page, '子二').click();
    await tip.waitFor({ state: 'detached' });
    await item(page, '子一').click();
    await tip.waitFor();
    const t = (await tip.boundingBox())!;
    expect(t.height).toBeLessThan(40);
    expect(t.x + t.width).toBeLessThanOrEqual(canvas.x + canvas.width);
  });

  it('imports real files: a Notepad outline with several top lines, a markmap note; says what changed shape', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    // Windows Notepad: byte-order mark and CRLF line ends; three top-level chapters.
    const forest = readFileSync(FIXTURES + '12-forest.txt', 'utf8');
    // The imported map is the student's map now: the server saves it.
    await saved(page, () => importFile(page, '高数复习.txt', '\ufeff' + forest.replace(/\n/g, '\r\n')));
    await expect.poll(() => outline(page)).toEqual(['高数复习', '第一章 函数', '定义域', '值域', '第二章 导数', '求导法则', '链式法则', '第三章 积分']);
    expect(await item(page, '高数复习').getAttribute('aria-level')).toBe('1');
    expect(await item(page, '第三章 积分').getAttribute('aria-level')).toBe('2');
    expect(await item(page, '链式法则').getAttribute('aria-level')).toBe('4');
    expect(await item(page, '高数复习').getAttribute('aria-selected')).toBe('true');
    // A notice, not an error: in the app's notification region, a polite (success) toast.
    const notice = page
      .getByRole('region', { name: /通知/ })
      .locator('.toast', { hasText: '已导入「高数复习.txt」，文件有 3 个顶层主题，已放在新建的根主题“高数复习”下。可按 Ctrl+Z 撤销。' });
    await notice.waitFor();
    expect(await notice.getAttribute('class')).toContain('toast--success');
    // On the canvas too: clicking where 第三章 积分 is drawn selects it.
    const chapter = await nodePoint(page, '第三章 积分');
    await item(page, '高数复习').click();
    await page.mouse.click(chapter.x, chapter.y);
    await expect.poll(() => item(page, '第三章 积分').getAttribute('aria-selected')).toBe('true');

    // markmap: frontmatter title over two # headings, nested and ordered lists, link items, a
    // fenced code block in an item (its note), a folded item (children hidden until expanded).
    // Five levels deep once under the new root: imported and saved as it is.
    await saved(page, () => importFile(page, 'ml-notes.md', readFileSync(FIXTURES + '10-markmap.md', 'utf8')));
    await expect
      .poll(() => outline(page))
      .toEqual([
        '机器学习复习',
        '机器学习复习',
        '监督学习',
        '回归',
        '线性回归',
        '岭回归',
        '分类',
        '逻辑回归',
        '支持向量机',
        '决策树', // **决策树** around a whole title is bold
        '无监督学习',
        '聚类',
        'K-Means',
        'DBSCAN',
        '降维',
        'PCA',
        '附录',
        '参考书目',
        '术语表',
      ]);
    expect(await item(page, '附录').getAttribute('aria-level')).toBe('2');
    expect(await item(page, 'DBSCAN').getAttribute('aria-level')).toBe('5');
    await item(page, /^逻辑回归，.*有备注/).waitFor();
    await item(page, /^线性回归，.*有链接/).waitFor();
    await toastWith(page, '已导入「ml-notes.md」，文件有 2 个顶层主题，已放在新建的根主题“机器学习复习”下').waitFor();

    // The 大纲 of the deeper map is usable: a level-5 title renamed there is applied (the depth
    // rule limits inserting, not reading), a new line below level 4 is refused, and the outline
    // image is drawn.
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    await expect.poll(() => field.inputValue()).toContain('DBSCAN');
    await field.fill((await field.inputValue()).replace('DBSCAN', 'DBSCAN 密度聚类'));
    await saved(page, () => page.getByRole('button', { name: '应用到导图' }).click());
    await expect.poll(() => outline(page)).toContain('DBSCAN 密度聚类');
    await field.fill((await field.inputValue()).replace('DBSCAN 密度聚类', 'DBSCAN 密度聚类\n\t\t\t\t\t六级'));
    await page.getByRole('button', { name: '应用到导图' }).click();
    await page.locator('.mind-outline-text').getByText('不能插入4级主题以下的节点').waitFor();
    expect(await outline(page)).not.toContain('六级');
    const image = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出大纲图片' }).click();
    expect((await image).suggestedFilename()).toBe('机器学习复习-大纲.png');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
