import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';
import { whatCoversTheMap } from './helpers';

// 大纲 as a live view of the map (issue 15.1): an applied outline edit renames, inserts, moves and
// removes the existing nodes — priority, notes and children kept — as ONE undo step; the text
// follows canvas edits; a node added on the canvas while the text is being edited survives.

const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name: new RegExp(`^${name}(，|$)`) });
const field = (page: Page) => page.getByRole('textbox', { name: '大纲文本' });
const applyButton = (page: Page) => page.getByRole('button', { name: '应用到导图' });

async function addOnCanvas(page: Page, near: string, key: 'Tab' | 'Enter', title: string): Promise<void> {
  await item(page, near).click();
  await page.keyboard.press(key);
  const box = page.getByRole('textbox', { name: '编辑主题文字' });
  await box.waitFor();
  await box.fill(title);
  await page.keyboard.press('Enter');
  await item(page, title).waitFor();
}

/** Puts the caret at the start of the line holding `line` and presses a key in the field. */
async function keyOnLine(page: Page, line: string, key: string): Promise<void> {
  await field(page).evaluate((el, l) => {
    const ta = el as HTMLTextAreaElement;
    const at = ta.value.split('\n').findIndex((x) => x === l);
    const start = ta.value.split('\n').slice(0, at).join('\n').length + (at ? 1 : 0);
    ta.focus();
    ta.setSelectionRange(start, start);
  }, line);
  await page.keyboard.press(key);
}

async function apply(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => /\/mindStudent\/save(StuMind|Changes)\b/.test(r.url()));
  await applyButton(page).click();
  expect((await (await saved).json()).resultCode).toBe(200);
  await page
    .getByRole('status')
    .filter({ hasText: '大纲已应用到导图并保存' })
    .waitFor()
    .catch(async (e: unknown) => {
      throw new Error(`the outline was not said applied and saved: ${await whatCoversTheMap(page)}`, { cause: e });
    });
}

describe('大纲: a live view of the same document', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    // A student and case no other suite edits; saving needs an application to the case.
    s = await openSignedIn(e2eBaseURL(), '13800000003');
    await applyForCases(s.page, 'case-07');
  });
  afterAll(async () => s?.close());

  it('keeps every field through renames, follows the canvas, and applies as one undo step', async () => {
    const { page } = s;
    await page.goto('/#/project/minder?caseId=case-07');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await item(page, '需求与语料').waitFor();
    await page.getByRole('button', { name: '编辑大纲' }).click();
    await expect.poll(() => field(page).inputValue()).toContain('\t需求与语料\n\t\t常见问题整理\n');

    // A canvas edit while the text is untouched: the text follows.
    await addOnCanvas(page, '意图体系', 'Enter', '画布新增一');
    await expect.poll(() => field(page).inputValue()).toContain('\t\t意图体系\n\t\t\t核心概念\n\t\t\t实践步骤\n\t\t\t常见问题\n\t\t画布新增一\n');
    await item(page, '画布新增一').click();
    await page.getByRole('combobox', { name: '优先级' }).selectOption('3');
    await item(page, '画布新增一，优先级3').waitFor();

    // Rename a chapter (priority 1) and its noted topic in the text; meanwhile add a node on the canvas.
    const text = await field(page).inputValue();
    await field(page).fill(text.replace('\t需求与语料\n', '\t需求与语料库\n').replace('\t\t常见问题整理\n', '\t\t常见问题汇总\n'));
    await addOnCanvas(page, '多轮对话', 'Tab', '画布新增二');
    await page.getByText(/画布上的修改会保留/).waitFor();
    await apply(page);
    await item(page, '需求与语料库，优先级1').waitFor();
    await item(page, '常见问题汇总，有备注').waitFor();
    expect(await item(page, '画布新增二').count()).toBe(1);
    expect(await item(page, '画布新增一，优先级3').count()).toBe(1);
    await expect.poll(() => field(page).inputValue()).toContain('\t\t多轮对话\n\t\t\t核心概念\n\t\t\t实践步骤\n\t\t\t常见问题\n\t\t\t画布新增二\n');

    // One undo takes the whole apply back (both renames), the canvas node stays; redo reapplies.
    await item(page, '画布新增二').click();
    await page.keyboard.press('Control+z');
    await item(page, '需求与语料，优先级1').waitFor();
    await item(page, '常见问题整理，有备注').waitFor();
    expect(await item(page, '画布新增二').count()).toBe(1);
    await expect.poll(() => field(page).inputValue()).toContain('\t需求与语料\n\t\t常见问题整理\n');
    await page.keyboard.press('Control+y');
    await item(page, '需求与语料库，优先级1').waitFor();

    // Indent with Tab in the field: the node moves under its previous sibling, keeping its priority.
    await expect.poll(() => field(page).inputValue()).toContain('\t\t画布新增一\n');
    await keyOnLine(page, '\t\t画布新增一', 'Tab');
    await apply(page);
    await expect.poll(() => item(page, '画布新增一，优先级3').getAttribute('aria-level')).toBe('4');
    // Outdent it again with Shift+Tab.
    await keyOnLine(page, '\t\t\t画布新增一', 'Shift+Tab');
    await apply(page);
    await expect.poll(() => item(page, '画布新增一，优先级3').getAttribute('aria-level')).toBe('3');

    // Delete a topic line with its point lines, and insert a line: the subtree goes, the new node comes.
    const before = await field(page).inputValue();
    const edited = before.replace('\t\t语料清洗\n\t\t\t核心概念\n\t\t\t实践步骤\n\t\t\t常见问题\n', '\t\t语料整理\n');
    expect(edited).not.toBe(before);
    await field(page).fill(edited);
    const outline = page.waitForResponse((r) => r.url().includes('/mindStudent/saveOutline'));
    await apply(page);
    expect((await (await outline).json()).resultCode).toBe(200);
    expect(await item(page, '语料清洗').count()).toBe(0);
    await item(page, '语料整理').waitFor();
    expect(await item(page, '语料整理').getAttribute('aria-level')).toBe('3');

    // Reopened: the same outline comes back from the server.
    await page.reload();
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await page.getByRole('button', { name: '编辑大纲' }).click();
    await expect.poll(() => field(page).inputValue()).toBe(edited);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
