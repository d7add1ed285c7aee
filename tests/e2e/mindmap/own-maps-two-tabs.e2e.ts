import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { editField, item, outline, saveState } from './helpers';
import { openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Two tabs of one student on one 我的导图 map save by change sets and hear each other on the live
// socket: each renames a different topic at once, both renames are kept and shown on both tabs
// without a reload, and no whole-map choice (保留我的 / 载入服务器) is asked. Signs in as 两页图.

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.ownTwoTabs.loginName);
});
afterAll(async () => {
  await s?.close();
});

const editorReady = async (page: Page) => {
  await page.locator('.mind-editor[aria-busy="false"]').waitFor();
  await item(page, /^.+/).first().waitFor();
};
const isSaved = (page: Page) => expect.poll(() => saveState(page).textContent(), { timeout: 15_000 }).toBe('已保存');

async function addChild(page: Page, under: string, text: string): Promise<void> {
  await item(page, under).click();
  await page.keyboard.press('Tab');
  await editField(page).waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await item(page, text).waitFor();
}

async function rename(page: Page, from: string, to: string): Promise<void> {
  await item(page, from).click();
  await page.keyboard.press('F2');
  await editField(page).fill(to);
  await page.keyboard.press('Enter');
}

describe('two tabs of one 我的导图 map', () => {
  it('renames of different topics in two tabs at once are both kept and shown on both, with no conflict choice', { timeout: 120_000 }, async () => {
    const a = s.page;
    await a.goto('/#/personal/myMaps');
    await a.getByRole('button', { name: '新建导图' }).click();
    const create = a.getByRole('dialog', { name: '新建导图' });
    await create.getByLabel(/导图名称/).fill('两页复习');
    await create.getByRole('button', { name: '创建并打开' }).click();
    await editorReady(a);
    await addChild(a, '两页复习', '甲');
    await addChild(a, '两页复习', '乙');
    await isSaved(a);

    const b = await s.context.newPage();
    await b.goto(a.url());
    await editorReady(b);
    await item(b, '乙').waitFor();

    await Promise.all([rename(a, '甲', '甲（第一页）'), rename(b, '乙', '乙（第二页）')]);
    for (const page of [a, b]) {
      await item(page, '甲（第一页）').waitFor({ timeout: 20_000 });
      await item(page, '乙（第二页）').waitFor({ timeout: 20_000 });
      await isSaved(page);
      expect(await page.getByRole('dialog', { name: '导图已在其他页面更新' }).count()).toBe(0);
    }
    await b.close();
    await a.reload();
    await editorReady(a);
    expect(await outline(a)).toEqual(['两页复习', '甲（第一页）', '乙（第二页）']);
  });
});
