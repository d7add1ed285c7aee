import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { item, mapFocused, openMinder, selectedTexts } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { pageApi } from '../study-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// An outside tester's report: with 数据库设计 正在学 in case-01, 标记已学 on the sub-point 核心概念
// under 接口设计 (node menu) moved 正在学 on to 安全设计, the map then opened there, and the home
// card's 最近学习 became an empty "图文：" line marked 已完成. Signs in as E2E_STUDENTS.nowMarked.

const CASE = 'case-01';
/** 数据库设计's text resource (seed: case-01's sixth topic). */
const RESOURCE = 'case-01-r05';
let s: BrowserSession;

beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.nowMarked.loginName);
  await applyForCases(s.page, CASE);
});
afterAll(async () => s?.close());

const nowTexts = async () =>
  (await pageApi<Array<{ text: string; isNow: number }>>(s.page, `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${CASE}`))
    .filter((n) => n.isNow === 1)
    .map((n) => n.text);

describe('标记已学 on a sub-point', () => {
  it('leaves 正在学 (and where the map opens) on the topic being studied, and 最近学习 on its resource', async () => {
    const { page } = s;
    // 数据库设计's resource opened (not finished): it is the student's 正在学 node.
    const res = await pageApi<{ nodeId: string }>(page, `/api/course/studyResourceFile/getResourceByUUId?uuid=${RESOURCE}`);
    await pageApi(page, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId: res.nodeId, resourceId: RESOURCE, isStudy: '0' });
    expect(await nowTexts()).toEqual(['数据库设计']);
    await openMinder(page, CASE);
    await expect.poll(() => selectedTexts(page)).toEqual(['数据库设计']);

    // 核心概念 under 接口设计 (the tree row after it), through the node menu.
    const rows = page.locator('.mind-tree [role=treeitem]');
    const texts = await rows.locator('.mind-tree__text').allTextContents();
    const point = rows.nth(texts.indexOf('接口设计') + 1);
    expect(await point.locator('.mind-tree__text').textContent()).toBe('核心概念');
    await point.click();
    await expect.poll(() => page.locator('.mind-tree [role=treeitem][aria-selected=true]').getAttribute('aria-label')).toMatch(/^核心概念/);
    await mapFocused(page);
    await page.keyboard.press('Shift+F10');
    await page
      .getByRole('menu', { name: '主题菜单' })
      .getByRole('menuitem', { name: /^标记已学/ })
      .click();
    await expect.poll(() => point.getAttribute('aria-label')).toMatch(/，已学(，|$)/);

    expect(await nowTexts()).toEqual(['数据库设计']);
    // Home: 最近学习 is the resource being studied, not the tick.
    await page.goto('/#/');
    const card = page.locator('.last-study');
    await card.waitFor();
    await expect.poll(() => card.locator('.last-study__row').allTextContents()).toEqual(['节点：数据库设计', '图文：数据库设计要点']);
    expect(await card.locator('.last-study__marker').textContent()).toBe('学习中');
    // The map opened again: on 数据库设计, which still says 正在学.
    await openMinder(page, CASE);
    await expect.poll(() => selectedTexts(page)).toEqual(['数据库设计']);
    expect(await item(page, '数据库设计').getAttribute('aria-label')).toContain('正在学');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
