import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { download } from './helpers';
import { openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// 知识点详情 (MindDetail) is the read-only map: readers fold and unfold branches with the buttons
// on the canvas (view changes, no error, nothing to undo) and read a node's 备注. Driven with the
// mouse on the canvas. Where a node is drawn comes from the page's own SVG export (world
// coordinates, same layout), placed on screen by the zoom label and where the root is painted.

const READ_ONLY = '当前导图为只读，不能修改';
const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name: new RegExp(`^${name}(，|$)`) });
type Box = { x: number; y: number; w: number; h: number };

/** World boxes of the nodes (by title) from the exported SVG. */
async function worldBoxes(page: Page): Promise<Map<string, Box>> {
  const svg = (await download(page, /SVG/)).toString('utf8');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  const out = new Map<string, Box>();
  // (a node's group holds its icons' groups: it ends where the next node's begins)
  for (const g of svg.matchAll(/<g data-id="[^"]*">(.*?)(?=<g data-id=|<\/g><\/svg>)/g)) {
    const r = g[1].match(/<rect x="([-\d.e]+)" y="([-\d.e]+)" width="([\d.e]+)" height="([\d.e]+)"/);
    const title = [...g[1].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((t) => t[1]).join('\n');
    if (r && !out.has(title)) out.set(title, { x: +r[1], y: +r[2], w: +r[3], h: +r[4] });
  }
  return out;
}

/** Page coordinates of the root's centre: the widest run of the root's fill (fresh-blue) on the canvas. */
async function rootOnScreen(page: Page): Promise<{ x: number; y: number }> {
  const canvas = page.locator('.mind-editor__canvas canvas');
  const bb = (await canvas.boundingBox())!;
  const png = PNG.sync.read(await canvas.screenshot());
  const fill = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return Math.abs(png.data[i] - 0x73) <= 2 && Math.abs(png.data[i + 1] - 0xa1) <= 2 && Math.abs(png.data[i + 2] - 0xbf) <= 2;
  };
  let best = { len: 0, x: 0, y: 0 };
  for (let y = 0; y < png.height; y++)
    for (let x = 0, run = 0; x < png.width; x++) {
      run = fill(x, y) ? run + 1 : 0;
      if (run > best.len) best = { len: run, x: x - run + 1, y };
    }
  // the box's height at a column inside its left padding
  const cx = best.x + 3;
  let y0 = best.y,
    y1 = best.y;
  while (y0 > 0 && fill(cx, y0 - 1)) y0--;
  while (y1 < png.height - 1 && fill(cx, y1 + 1)) y1++;
  return { x: bb.x + best.x + best.len / 2, y: bb.y + (y0 + y1 + 1) / 2 };
}

describe('知识点详情: read-only map', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    // A student with no saved map of case-08: the page shows the official map.
    s = await openSignedIn(e2eBaseURL(), '13800000003');
  });
  afterAll(async () => s?.close());

  it('folds and unfolds a branch with its button on the canvas, and opens a note to read', async () => {
    const { page } = s;
    await page.goto('/#/project/mindDetail?caseId=case-08');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await item(page, '硬件选型').waitFor();
    expect(await tree(page).getAttribute('aria-label')).toBe('思维导图大纲（只读）');

    let boxes = await worldBoxes(page);
    const root = boxes.get('智慧教室环境监测系统')!;
    let at0 = await rootOnScreen(page);
    const z = Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;
    // Screen point of a world point, from the root's painted centre (the root stays at the world
    // origin whatever folds; the camera follows a folded node, so the root is found again) and the zoom.
    const screen = (wx: number, wy: number) => ({ x: at0.x + (wx - (root.x + root.w / 2)) * z, y: at0.y + (wy - (root.y + root.h / 2)) * z });
    // The button sits beside the box, away from the parent: radius 6 expanded, 9 collapsed, 2 px gap.
    const button = (r: number) => {
      const chapter = boxes.get('硬件选型')!;
      const left = chapter.x + chapter.w / 2 < root.x + root.w / 2;
      return screen(left ? chapter.x - r - 2 : chapter.x + chapter.w + r + 2, chapter.y + chapter.h / 2);
    };

    const row = item(page, '硬件选型');
    expect(await row.getAttribute('aria-expanded')).toBe('true');
    const at = button(6);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
    expect(await item(page, '传感器原理').count()).toBe(0);
    // Folding re-laid out the map, but the folded node stays under the pointer: its count
    // button (radius 9) is at the same screen point.
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    await item(page, '传感器原理').waitFor();
    boxes = await worldBoxes(page);
    at0 = await rootOnScreen(page);
    // Folding is a view change: nothing to undo, and never the English read-only message.
    expect(await page.getByRole('button', { name: /^撤销/ }).count()).toBe(0);
    expect(await page.locator('.toast').count()).toBe(0);

    // Click a topic on the canvas, then 备注: the note opens to be read, not edited.
    const topic = boxes.get('数据采集')!;
    const p = screen(topic.x + topic.w / 2, topic.y + topic.h / 2);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => item(page, '数据采集，有备注').getAttribute('aria-selected')).toBe('true');
    const noteButton = page.getByRole('button', { name: /^备注/ });
    expect(await noteButton.isDisabled()).toBe(false);
    await noteButton.click();
    const dialog = page.getByRole('dialog', { name: '备注' });
    const text = dialog.getByLabel('备注内容');
    expect(await text.inputValue()).toBe('**数据采集** 是本章的重点，请结合资源完成学习。');
    expect(await text.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('button', { name: '确定' }).count()).toBe(0);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A node without a note: nothing to read, the button stays disabled.
    await item(page, '主控板选择').click();
    expect(await noteButton.isDisabled()).toBe(true);
    expect(await toastWith(page, 'read-only').count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('拖动画布 works on the read-only map (kityminder keeps hand on in readonly): a drag from a topic moves the map', async () => {
    const { page } = s;
    const hand = page.getByRole('button', { name: '拖动画布' });
    expect(await hand.isDisabled()).toBe(false);
    // a reader's toolbar: no style swatches at all (issue 31.5)
    expect(await page.getByLabel('字体颜色').count()).toBe(0);
    await hand.click();
    await expect.poll(() => hand.getAttribute('aria-pressed')).toBe('true');
    const from = await rootOnScreen(page);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + i * 10, from.y + i * 5);
    await page.mouse.up();
    await expect.poll(async () => Math.round((await rootOnScreen(page)).x - from.x)).toBe(60);
    expect(Math.round((await rootOnScreen(page)).y - from.y)).toBe(30);
    // off again: back to the read-only view (a drag on empty canvas still pans, a topic is not dragged)
    await hand.click();
    await expect.poll(() => hand.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: /^撤销/ }).count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it("says 当前导图为只读，不能修改 on an edit attempt, once per burst, and shows a reader's toolbar (issue 31.5)", async () => {
    const { page } = s;
    await page.goto('/#/project/mindDetail?caseId=case-08');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    const bar = page.getByRole('toolbar', { name: '导图工具栏' });
    for (const name of [/^查找/, /^适应画布/, /^备注/, /^导出$/, /^拖动画布/, /^放大/, /^缩小/])
      expect(await bar.getByRole('button', { name }).count(), String(name)).toBe(1);
    for (const name of [/^撤销/, /^重做/, /^加粗/, /^插入下级主题/, /^删除/, /^链接/, /^图片/, /^默认样式/])
      expect(await bar.getByRole('button', { name }).count(), String(name)).toBe(0);
    expect(await bar.getByLabel('字体颜色').count()).toBe(0);
    expect(await bar.getByLabel('优先级').count()).toBe(0);
    expect(await bar.getByLabel('展开').count()).toBe(1);

    // A topic without learning resources (Enter and double click open a topic's resources).
    const names = ['主控板选择', '电路连接', '传感器原理', '硬件选型'];
    const labels = await Promise.all(names.map((n) => item(page, n).getAttribute('aria-label')));
    const topic = names[labels.findIndex((l) => !l!.includes('学习资源'))];
    await item(page, topic).click();
    const rows = await tree(page).getByRole('treeitem').count();
    const label = await item(page, topic).getAttribute('aria-label');
    const msg = toastWith(page, READ_ONLY);
    for (const key of ['Tab', 'Enter', 'Delete', 'F2', 'x', 'Control+v', 'Control+x', 'Control+b', 'Control+1', 'Alt+ArrowUp', 'Control+l'])
      await page.keyboard.press(key);
    await msg.waitFor();
    expect(await msg.count()).toBe(1);
    await expect.poll(() => page.locator('.mind-editor__live').textContent()).toContain(READ_ONLY);
    expect(await tree(page).getByRole('treeitem').count()).toBe(rows);
    expect(await item(page, topic).getAttribute('aria-label')).toBe(label);
    // The keys stayed with the map (Tab did not move the focus away): the arrows still select.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('mind-edit'))).toBe(true);

    // A later attempt says it again: a double click on the topic on the canvas.
    await msg.waitFor({ state: 'detached', timeout: 10_000 });
    await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
    const b = (await page.locator('.mind-edit.is-armed').boundingBox())!;
    await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
    await msg.waitFor();
    expect(await page.locator('.mind-edit:not(.is-armed)').count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
