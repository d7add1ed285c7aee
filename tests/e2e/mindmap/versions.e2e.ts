import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, editField, item, mapFocused, openMinder, outline, pasteImport, saved } from './helpers';
import { applyForCases, openSignedIn, toastWith } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// 历史版本 of the student's own map (issue 19 item 5), driven as a student does: two saves with
// different titles (the first kept with 保留当前版本, as saves while typing fold into one version),
// the older previewed read-only in the editor, restored as one undo step, Ctrl+Z back to the newer;
// an import keeps the map before it.
// Signs in as 秦版本 (E2E_STUDENTS.mapVersions), who applies for case-03; no other file uses him.

const CASE = 'case-03';

const panel = (page: Page) => page.locator('#mind-history-panel');
const entries = (page: Page) => panel(page).getByRole('list', { name: '版本列表' }).getByRole('listitem');
/** [title, current?] of every entry of the list, newest first. */
const listed = (page: Page) =>
  entries(page).evaluateAll((els) => els.map((e) => [e.querySelector('.mind-history__title')?.textContent ?? '', e.getAttribute('aria-current') === 'true']));
const entry = (page: Page, title: string): Locator =>
  entries(page).filter({ has: page.locator('.mind-history__title', { hasText: new RegExp(`^${title}$`) }) });

/** Renames the root through F2 and waits for the save it causes. */
async function renameRoot(page: Page, from: string, to: string): Promise<void> {
  await clickNode(page, from);
  await page.keyboard.press('F2');
  await editField(page).fill(to);
  await saved(page, () => page.keyboard.press('Enter'));
  await item(page, to).waitFor();
}

describe('version history of a student’s map', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.mapVersions.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => s?.close());

  it('keeps a save, previews the older version read-only, restores it as one undo step that saves as a new version', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const official = (await outline(page))[0];
    await renameRoot(page, official, '版本甲');

    const open = page.getByRole('button', { name: '历史版本' });
    await open.click();
    await expect.poll(() => open.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() =>
        panel(page)
          .getByText(/分钟内的连续修改合并为一个版本/)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => listed(page)).toEqual([['版本甲', true]]);
    await panel(page).getByRole('button', { name: '保留当前版本' }).click();
    await toastWith(page, '已保留当前版本').waitFor();

    await renameRoot(page, '版本甲', '版本乙');
    await expect
      .poll(() => listed(page))
      .toEqual([
        ['版本乙', true],
        ['版本甲', false],
      ]);
    await expect.poll(() => entry(page, '版本甲').locator('.mind-history__info').textContent()).toMatch(/^\d+ 个主题 · \d+\.\d KB$/);

    // Preview: the older version in a read-only editor of its own.
    await entry(page, '版本甲')
      .getByRole('button', { name: /^预览 / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^预览 .+ 的版本（只读）$/ });
    const previewTree = dialog.getByRole('tree', { name: '思维导图大纲' });
    await previewTree.getByRole('treeitem', { name: /^版本甲(，|$)/ }).waitFor();
    // a reader's toolbar (issue 31.5): no editing buttons, 查找 there
    await dialog.getByRole('button', { name: /^查找/ }).waitFor();
    expect(await dialog.getByRole('button', { name: '插入下级主题' }).count()).toBe(0);
    // Chinese typed in the preview (its map clicked, F6 to its toolbar, an IME's committed text)
    // changes neither map: it renamed the map behind the dialog and saved it (outside walk).
    const box = (await dialog.locator('canvas').first().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('F6');
    await page.keyboard.insertText('预');
    await page.keyboard.insertText('览');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await outline(page))[0]).toBe('版本乙');

    // Restore it from the preview: the map on screen becomes 版本甲, saved as a new version, the
    // newer one (版本乙) kept before it.
    await entry(page, '版本甲')
      .getByRole('button', { name: /^预览 / })
      .click();
    await dialog.getByRole('treeitem', { name: /^版本甲(，|$)/ }).waitFor();
    await saved(page, () => dialog.getByRole('button', { name: '恢复此版本' }).click());
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await outline(page))[0]).toBe('版本甲');
    await toastWith(page, '按 Ctrl+Z 可撤销').waitFor();
    await expect
      .poll(() => listed(page))
      .toEqual([
        ['版本甲', true],
        ['版本乙', false],
        ['版本甲', false],
      ]);

    // One undo step back to the newer map, which saves again.
    await mapFocused(page);
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(async () => (await outline(page))[0]).toBe('版本乙');
    // entries of one title tell themselves apart by what changed against the one before
    await expect
      .poll(() => page.locator('.mind-history__change').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/^(比上一版本(多|少) \d+ 个主题|主题数与上一版本相同)$/)]));
    // said as what it was (it said 已撤销导入), and the toast's "按 Ctrl+Z 可撤销" (true no more) goes
    expect(await page.locator('.mind-editor__live').textContent()).toContain('已撤销恢复版本');
    await toastWith(page, '已撤销恢复版本').waitFor();
    expect(await toastWith(page, '按 Ctrl+Z 可撤销').count()).toBe(0);
    await expect.poll(async () => (await listed(page))[0]).toEqual(['版本乙', true]);

    // An import replaces the whole map too: the saved map is kept as a version before it.
    const count = (await listed(page)).length;
    await saved(page, () => pasteImport(page, 'txt', '导入的导图\n\t第一部分', '第一部分'));
    await expect
      .poll(async () => (await listed(page)).slice(0, 2))
      .toEqual([
        ['导入的导图', true],
        ['版本乙', false],
      ]);
    expect((await listed(page)).length).toBe(count + 1);
  });

  it('an import into a study map never saved keeps the official map as a version first', async () => {
    const { page } = s;
    const fresh = 'case-05';
    await applyForCases(page, fresh);
    await openMinder(page, fresh);
    const official = (await outline(page))[0]!;
    await saved(page, () => pasteImport(page, 'txt', '新导入\n\t第一部分', '第一部分'));
    const open = page.getByRole('button', { name: '历史版本' });
    if ((await open.getAttribute('aria-pressed')) !== 'true') await open.click();
    await expect
      .poll(async () => (await listed(page)).slice(0, 2))
      .toEqual([
        ['新导入', true],
        [official, false],
      ]);
  });

  it('opens as a bottom sheet on a 375 px phone, within the screen', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.goto(`/#/project/minder?caseId=${CASE}`);
      await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
      const open = page.getByRole('button', { name: '历史版本' });
      if ((await open.getAttribute('aria-pressed')) !== 'true') await open.click();
      await expect.poll(async () => (await listed(page)).length).toBeGreaterThan(1);
      const box = (await panel(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(740 + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const preview = entries(page)
        .nth(1)
        .getByRole('button', { name: /^预览 / });
      expect((await preview.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await preview.click();
      const dialog = page.getByRole('dialog', { name: /的版本（只读）$/ });
      await dialog.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
      const d = (await dialog.boundingBox())!;
      expect(d.x + d.width).toBeLessThanOrEqual(375);
      await dialog.getByRole('button', { name: '关闭' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
