import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { openMinder, pasteImport, saved } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { canvasBox, openPhoneSignedIn, phoneZoom } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// 适应画布 shows everything the canvas draws, in every structure (思维导图, 向右导图, 组织结构图,
// 目录组织图, 鱼骨图, 天盘图) and on a phone: after it nothing drawn reaches the canvas's edge, so
// nothing is cut off. Topics alone were framed: 天盘图's arcs swing far past their topics, and
// 适应画布 zoomed in on it and cut the spiral off. The map has a relationship line bowed out by
// its control points and a folded branch (its expander sits beside the topic).

const branch = (id: string, text: string, kids: string[]) => ({
  data: { id, text },
  children: kids.map((k, i) => ({ data: { id: `${id}-${i}`, text: k } })),
});
const MAP = {
  root: {
    data: { id: 'f0', text: '适应中心' },
    children: [
      branch('f1', '右一', ['右一甲', '右一乙', '右一丙']),
      branch('f2', '右二', ['右二甲', '右二乙']),
      branch('f3', '右三', []),
      branch('f4', '左一', ['左一甲', '左一乙']),
      { ...branch('f5', '左二', ['左二甲']), data: { id: 'f5', text: '左二', expandState: 'collapse' } },
      branch('f6', '左三', []),
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [
    {
      id: 'fl1',
      from: 'f1-0',
      to: 'f6',
      title: '因果关系',
      controls: [
        { x: -260, y: 220 },
        { x: 120, y: 260 },
      ],
    },
  ],
};
const TEMPLATES = ['思维导图', '向右导图', '组织结构图', '目录组织图', '鱼骨图', '天盘图'];

/**
 * Pixels unlike the map's background in a `band` px wide ring just inside the canvas's edges
 * (`skipTop`: the phone's zoom and save chips float over its top edge).
 */
async function drawnAtEdges(page: Page, band = 4, skipTop = false): Promise<string[]> {
  const c = await canvasBox(page);
  const png = PNG.sync.read(await page.screenshot({ clip: { x: c.x + 1, y: c.y + 1, width: c.width - 2, height: c.height - 2 } }));
  const at = (x: number, y: number) => (y * png.width + x) * 4;
  const bg = [0xfb, 0xfb, 0xfb]; // fresh-blue's canvas
  const out: string[] = [];
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const inBand = x < band || x >= png.width - band || (!skipTop && y < band) || y >= png.height - band;
      // (the stage's rounded corners are its border, not the map)
      const corner = (x < 10 || x >= png.width - 10) && (y < 10 || y >= png.height - 10);
      if (!inBand || corner) continue;
      const i = at(x, y);
      if (Math.max(...bg.map((v, k) => Math.abs(png.data[i + k] - v))) > 24) out.push(`${x},${y} rgb(${png.data.subarray(i, i + 3).join(',')})`);
    }
  return out;
}

const resting = (page: Page) => page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();

describe('适应画布', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.fitTemplates.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => s?.close());

  it('on the desktop frames every drawn thing of the map in each structure', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '左三'));
    const structure = page.getByRole('combobox', { name: '结构' });
    for (const t of TEMPLATES) {
      // choosing the structure the map already has changes nothing, so nothing is saved
      if (t === TEMPLATES[0]) await structure.selectOption({ label: t });
      else await saved(page, () => structure.selectOption({ label: t }));
      // zoomed in first, so the fit has to find the map's extent rather than keep a view
      await page.getByRole('button', { name: '放大' }).click();
      await page.getByRole('button', { name: '放大' }).click();
      await page.getByRole('button', { name: '适应画布' }).click();
      await resting(page);
      await page.waitForTimeout(100); // the frame after the camera came to rest
      const edge = await drawnAtEdges(page);
      if (edge.length) await page.screenshot({ path: `/tmp/fit-${t}.png` });
      expect.soft(edge, t).toEqual([]);
    }
    await saved(page, () => structure.selectOption({ label: '思维导图' }));
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('on a phone (更多 → 适应画布) zooms out until the whole map is on the screen', async () => {
    const phone = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.fitTemplates.loginName);
    try {
      const { page } = phone;
      await page.goto('/#/project/minder?caseId=case-04');
      await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
      await resting(page);
      // opened at the readable 100 %: the map is wider than the phone, cut off at the sides
      expect(await phoneZoom(page)).toBe('100%');
      expect((await drawnAtEdges(page, 4, true)).length).toBeGreaterThan(0);
      await page.getByRole('toolbar', { name: '导图操作' }).getByRole('button', { name: '更多' }).tap();
      const more = page.getByRole('region', { name: '更多' });
      await more.getByRole('button', { name: '适应画布' }).tap();
      await more.getByRole('button', { name: '关闭' }).tap();
      await more.waitFor({ state: 'hidden' });
      await expect.poll(() => phoneZoom(page)).not.toBe('100%');
      await resting(page);
      await page.waitForTimeout(100);
      expect(await drawnAtEdges(page, 4, true)).toEqual([]);
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('frames a small 天盘图 whole: its one arc, a half circle from a wide centre, bulges past both topics', async () => {
    const { page } = s;
    await saved(page, () => pasteImport(page, 'txt', '天盘图的中心主题写得很长很长很长\n\t甲\n', '甲'));
    await saved(page, () => page.getByRole('combobox', { name: '结构' }).selectOption({ label: '天盘图' }));
    await page.getByRole('button', { name: '适应画布' }).click();
    await resting(page);
    await page.waitForTimeout(100);
    const edge = await drawnAtEdges(page);
    if (edge.length) await page.screenshot({ path: '/tmp/fit-small-tianpan.png' });
    expect(edge).toEqual([]);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
