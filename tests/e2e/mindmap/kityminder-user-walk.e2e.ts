import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import {
  clickNode,
  download,
  editField,
  focusOutside,
  item,
  mapFocused,
  openMinder,
  outline,
  pasteImport,
  saved,
  saveState,
  selectedTexts,
  tree,
} from './helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// A kityminder (百度脑图) user's session on their study map, in one go (issue 15): the focused
// suites (kityminder-*.e2e.ts) check each behaviour in depth; this walk checks that they hold
// TOGETHER, in the order a person uses them — each step starts from where the last one left the
// focus, the selection and the document. The student is the walk's own (students.ts), so every
// seed case is theirs to change; case-08's official map is only read.

const CASE = 'case-08';
const ROOT = '智慧教室环境监测系统';

const zoom = (page: Page) => page.getByRole('status', { name: '缩放比例' }).textContent();
const label = (page: Page, text: string) => item(page, text).first().getAttribute('aria-label');

async function canvasBox(page: Page) {
  return (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
}

/** Types Chinese as an IME does: a composition, then its committed text. */
async function imeType(page: Page, pinyin: string, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: pinyin, selectionStart: pinyin.length, selectionEnd: pinyin.length });
  await cdp.send('Input.insertText', { text });
  await cdp.detach();
}

describe('a kityminder user’s walk through the study map', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.kityUserWalk.loginName);
    await applyForCases(s.page, CASE);
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eBaseURL() });
  });
  afterAll(async () => s?.close());

  it('edits, marks, restructures, finds, styles, copies and exports, and finds it all again after leaving', async () => {
    const { page } = s;
    await openMinder(page, CASE);

    // 13. The map opens on its root at a readable zoom: a click in the canvas's middle selects it.
    expect(Number((await zoom(page))!.replace('%', ''))).toBeGreaterThanOrEqual(75);
    const c = await canvasBox(page);
    await focusOutside(page);
    await page.mouse.click(c.x + c.width / 2, c.y + c.height / 2);
    await expect.poll(() => selectedTexts(page)).toEqual([ROOT]);

    // 2. F2 opens the root's own text; Esc leaves it unchanged.
    await page.keyboard.press('F2');
    await expect.poll(() => editField(page).inputValue()).toBe(ROOT);
    await page.keyboard.press('Escape');

    // 5 + 6. A canvas click, Tab for a child, Chinese through the IME; Enter keeps it.
    await clickNode(page, '硬件选型');
    await page.keyboard.press('Tab');
    await editField(page).waitFor();
    await imeType(page, 'chuanganqi', '传感器清单');
    await page.keyboard.press('Enter');
    await expect.poll(() => item(page, '传感器清单').getAttribute('aria-level')).toBe('3');
    await expect.poll(() => selectedTexts(page)).toEqual(['传感器清单']);

    // 8 + 5. Priority by key, a note through its dialog, ✓ through the node menu (Shift+F10):
    // after each, the keys still reach the map.
    await page.keyboard.press('Control+2');
    await item(page, /^传感器清单，优先级2/).waitFor();
    await page.getByRole('button', { name: /^备注/ }).click();
    const note = page.getByRole('dialog', { name: '备注' });
    await note.getByLabel('备注内容').fill('温湿度、CO₂、光照');
    await note.getByRole('button', { name: '确定' }).click();
    await note.waitFor({ state: 'detached' });
    await mapFocused(page);
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: '主题菜单' });
    await menu.getByRole('menuitem', { name: /^标记已学/ }).click();
    await mapFocused(page);
    await expect.poll(() => label(page, '传感器清单')).toMatch(/优先级2.*已学|已学.*优先级2/);
    expect(await label(page, '传感器清单')).toContain('有备注');

    // 1. 大纲: rename the parent in the text; the child keeps priority, note and ✓; one undo step.
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    await expect.poll(() => field.inputValue()).toContain('\t硬件选型\n');
    await field.fill((await field.inputValue()).replace('\t硬件选型\n', '\t硬件选型与采购\n'));
    await saved(page, () => page.getByRole('button', { name: '应用到导图' }).click());
    await item(page, '硬件选型与采购').waitFor();
    const kept = (await label(page, '传感器清单'))!;
    for (const mark of ['优先级2', '有备注', '已学']) expect(kept).toContain(mark);
    await page.getByRole('button', { name: '编辑大纲' }).click(); // closes the panel
    await clickNode(page, '硬件选型与采购');
    await page.keyboard.press('Control+z');
    await item(page, '硬件选型').waitFor();
    await page.keyboard.press('Control+y');
    await item(page, '硬件选型与采购').waitFor();

    // 14. Find and replace: Ctrl+F, the camera follows, replace all is one undo step.
    await page.keyboard.press('Control+f');
    const find = page.getByRole('search', { name: '查找和替换' });
    await find.getByRole('textbox', { name: '查找' }).fill('数据');
    await expect.poll(() => selectedTexts(page)).toEqual(['数据采集']);
    await find.getByRole('textbox', { name: '替换为' }).fill('信息');
    await find.getByRole('button', { name: '全部替换' }).click();
    await item(page, '信息采集').waitFor();
    await item(page, '信息存储').waitFor();
    await page.keyboard.press('Escape');
    await mapFocused(page);
    await page.keyboard.press('Control+z');
    await item(page, '数据采集').waitFor();
    expect(await item(page, '数据存储').count()).toBe(1);

    // 15. Insert adds a child, Alt+↑ moves it before its sibling, Delete selects the next sibling.
    await clickNode(page, '云平台');
    await page.keyboard.press('Insert');
    await editField(page).waitFor();
    await page.keyboard.type('边缘网关');
    await page.keyboard.press('Enter');
    await item(page, '边缘网关').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    const kids = async () =>
      (await outline(page)).slice((await outline(page)).indexOf('云平台') + 1).filter((t) => ['设备接入', '数据存储', '告警规则', '边缘网关'].includes(t));
    await expect.poll(kids).toEqual(['边缘网关', '设备接入', '数据存储', '告警规则']);
    await page.keyboard.press('Delete');
    await expect.poll(() => selectedTexts(page)).toEqual(['设备接入']);
    expect(await item(page, '边缘网关').count()).toBe(0);
    // Ctrl+A selects every node; Esc-free: a click on one node selects just it again.
    await page.keyboard.press('Control+a');
    await expect.poll(async () => (await selectedTexts(page)).length).toBe((await outline(page)).length);
    await clickNode(page, '设备接入');
    // Bold from the toolbar, then the arrows still move the selection.
    await page.getByRole('button', { name: /^加粗/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^加粗/ }).getAttribute('aria-pressed')).toBe('true');
    await mapFocused(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedTexts(page)).toEqual(['数据存储']);

    // 11. Zoom by keys on SPEC's 25 % steps, and back.
    const before = (await zoom(page))!;
    await page.keyboard.press('Control+=');
    await expect.poll(() => zoom(page)).not.toBe(before);
    expect(Number((await zoom(page))!.replace('%', '')) % 25).toBe(0);
    await page.keyboard.press('Control+-');
    await expect.poll(() => zoom(page)).toBe(before);

    // 16. Copy a subtree (Ctrl+C puts outline text on the clipboard), paste it under the root
    // (beside itself: the same depth, so the level-4 rule has nothing to refuse).
    await clickNode(page, '嵌入式开发');
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^嵌入式开发\n\t/);
    await clickNode(page, ROOT);
    await page.keyboard.press('Control+v');
    await expect.poll(() => item(page, '嵌入式开发').count()).toBe(2);

    // 17. ← on a branch drawn left of the root moves away from the root (to its child), as on screen.
    // (the map's keyboard target lies over the selected node: its box is the node's)
    await clickNode(page, ROOT);
    const rootBox = (await page.locator('.mind-edit.is-armed').boundingBox())!;
    let leftChapters = 0;
    for (const chapter of ['硬件选型与采购', '嵌入式开发', '云平台', '可视化']) {
      await clickNode(page, chapter);
      const box = (await page.locator('.mind-edit.is-armed').boundingBox())!;
      if (box.x + box.width > rootBox.x) continue; // on the right
      leftChapters++;
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await selectedTexts(page))[0]).not.toBe(chapter);
      const moved = (await selectedTexts(page))[0]!;
      expect(await item(page, moved).first().getAttribute('aria-level')).toBe('3');
      break;
    }
    expect(leftChapters).toBe(1);

    // 10. The SVG export carries the priority, ✓ and note markers and the bold style.
    const svg = (await download(page, /SVG/)).toString('utf8');
    for (const m of ['study', 'priority', 'note']) expect(svg, m).toContain(`data-marker="${m}"`);
    expect(svg).toMatch(/font-weight="bold"[^>]*>[^<]*设备接入|设备接入/);

    // Everything above was saved: leave, come back, find it all.
    await expect.poll(() => saveState(page).textContent()).toBe('已保存');
    await page.getByRole('link', { name: '返回案例' }).click();
    await openMinder(page, CASE);
    const back = (await label(page, '传感器清单'))!;
    for (const mark of ['优先级2', '有备注', '已学']) expect(back).toContain(mark);
    await item(page, '硬件选型与采购').waitFor();
    expect(await item(page, '嵌入式开发').count()).toBe(2);

    // 3 + 4. A deeper map pasted in whole keeps its depth and saves; titles with spaces and
    // markup characters come back exactly.
    const deep = ['深层导图', '\t第二级 #1', '\t\t第三级 - a\\b', '\t\t\t第四级 <br> 🎉', '\t\t\t\t第五级', '\t\t\t\t\t第六级'].join('\n');
    await saved(page, () => pasteImport(page, 'txt', deep, '第六级'));
    await page.reload();
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await expect.poll(() => item(page, '第六级').getAttribute('aria-level')).toBe('6');
    expect(await outline(page)).toEqual(['深层导图', '第二级 #1', '第三级 - a\\b', '第四级 <br> 🎉', '第五级', '第六级']);

    // 9. The read-only 知识点详情 of the same case (the official map, not the student's copy):
    // fold and unfold a branch — view changes, no error.
    await page.goto(`/#/project/mindDetail?caseId=${CASE}`);
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    expect(await tree(page).getAttribute('aria-label')).toBe('思维导图大纲（只读）');
    expect(await outline(page)).not.toContain('第五级');
    const branch = tree(page).locator('[role=treeitem][aria-level="2"][aria-expanded]').first();
    await branch.click();
    await page.keyboard.press('Space');
    await expect.poll(() => branch.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => branch.getAttribute('aria-expanded')).toBe('true');
    expect(await toastWith(page, 'read-only').count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
