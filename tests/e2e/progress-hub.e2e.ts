import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { applyForCases, catalogueCard, openSignedIn, unexpectedErrors } from './shell-helpers';
import { item, openMinder, tree } from './mindmap/helpers';
import { E2E_STUDENTS } from './students';
import { pageApi, watchCaseVideoToEnd } from './study-helpers';
import { e2eBaseURL } from './base-url';

// Issue 22: one progress everywhere, the way to it from 最近学习, and a map that follows what is
// completed in another tab. Two students of their own: progressHub (case-04, video case-04-r08
// watched at 2×) and progressLive (case-04, one link resource opened from a second tab).

type Node = { nodeId: string; text: string; level: number; isStudy: number; resourceCount: number; hasExam: number };
const nodesOf = (page: Page) => pageApi<Node[]>(page, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-04');
/** The node's branch (its level-2 ancestor) in the detail list order. */
const branchOf = (nodes: Node[], nodeId: string) => {
  const at = nodes.findIndex((n) => n.nodeId === nodeId);
  return nodes
    .slice(0, at)
    .reverse()
    .find((n) => n.level === 2)!;
};
/** "已学 a/b" of a tree item, as [a, b]. */
const treeCounts = async (page: Page, text: string) => {
  const label = (await item(page, new RegExp(`^${text}，`)).getAttribute('aria-label')) ?? '';
  const m = /已学 (\d+)\/(\d+)/.exec(label);
  return m ? [Number(m[1]), Number(m[2])] : null;
};
/** The ✓ mark in a tree item's name (not its "已学 a/b" roll-up). */
const ticked = async (page: Page, text: string) => /，已学(，|$)/.test((await item(page, new RegExp(`^${text}，`)).getAttribute('aria-label')) ?? '');
/** The 大纲 panel's read-only count beside a line of the text. */
const outlineCount = async (page: Page, text: string) => {
  const lines = (await page.getByRole('textbox', { name: '大纲文本' }).inputValue()).split('\n');
  const gutter = await page.getByTestId('outline-progress').locator('span').allTextContents();
  return gutter[lines.findIndex((l) => l.trim() === text)] ?? null;
};
/** The project list card's percentage. */
const cardPercent = async (page: Page, name: string) => {
  await page.goto(`/#/project/list?name=${encodeURIComponent(name)}`);
  const card = catalogueCard(page, name, true);
  await card.waitFor();
  return card.locator('.card-progress__text').textContent();
};

describe('one progress everywhere (progressHub)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.progressHub.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('a video watched to the end at 2× counts on the tree, the outline and the list card; 最近学习 leads to its node', { timeout: 150_000 }, async () => {
    const { page } = s;
    const res = await pageApi<{ nodeId: string; fileName: string }>(page, '/api/course/studyResourceFile/getResourceByUUId?uuid=case-04-r08');
    const info = await pageApi<{ name: string; progress: number }>(page, '/api/course/caseDetails/getCasesDetails?caseId=case-04');
    const nodes = await nodesOf(page);
    const node = nodes.find((n) => n.nodeId === res.nodeId)!;
    const branch = branchOf(nodes, res.nodeId);

    expect(await cardPercent(page, info.name)).toBe(`已学 ${info.progress}%`);
    await openMinder(page, 'case-04');
    await expect.poll(() => treeCounts(page, branch.text)).not.toBeNull();
    const before = (await treeCounts(page, branch.text))!;
    await page.getByRole('button', { name: '编辑大纲' }).click();
    await expect.poll(() => outlineCount(page, branch.text)).toBe(`已学 ${before[0]}/${before[1]}`);

    // Watch the video through the real player at 2× to the end.
    await watchCaseVideoToEnd(page, { caseId: 'case-04', nodeId: res.nodeId, nodeText: node.text, resourceId: 'case-04-r08', fileName: res.fileName });

    // The tree and the outline of 我的学习导图 count it; the list card shows the moved percentage.
    await openMinder(page, 'case-04');
    await expect.poll(() => treeCounts(page, branch.text)).toEqual([before[0] + 1, before[1]]);
    expect(await ticked(page, node.text)).toBe(true);
    await page.getByRole('button', { name: '编辑大纲' }).click();
    await expect.poll(() => outlineCount(page, branch.text)).toBe(`已学 ${before[0] + 1}/${before[1]}`);
    const after = await pageApi<{ progress: number }>(page, '/api/course/caseDetails/getCasesDetails?caseId=case-04');
    expect(after.progress).toBeGreaterThan(info.progress);
    expect(await cardPercent(page, info.name)).toBe(`已学 ${after.progress}%`);

    // Home's 最近学习 card: 在导图中查看 opens 知识点详情 at that node, selected.
    await page.goto('/#/');
    await page.getByRole('link', { name: `在导图中查看：${node.text}` }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/project/mindDetail?');
    expect(await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('nodeId'))).toBe(res.nodeId);
    await tree(page).waitFor();
    await expect.poll(() => tree(page).locator('[role=treeitem][aria-selected=true]').getAttribute('aria-label')).toMatch(new RegExp(`^${node.text}，`));

    // 继续学习 from there opens the resource of the next unlearnt study node.
    const fresh = await nodesOf(page);
    const order = fresh.filter((n) => n.resourceCount > 0 || n.hasExam);
    const from = order.findIndex((n) => n.nodeId === res.nodeId);
    const next = [...order.slice(from), ...order.slice(0, from)].find((n) => !n.isStudy)!;
    await page.getByRole('button', { name: '继续学习' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/project/content?');
    expect(await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('nodeId'))).toBe(next.nodeId);
  });
});

describe('the open map follows another tab (progressLive)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.progressLive.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('a link opened in a second tab ticks its node and moves its branch count within seconds, without a reload', { timeout: 90_000 }, async () => {
    const { page } = s;
    // A link resource that is its node's only requirement: opening it completes the node.
    let link: { id: string; nodeId: string } | undefined;
    for (const id of ['case-04-r02', 'case-04-r07', 'case-04-r12']) {
      const r = await pageApi<{ nodeId: string; fileSuffixCode: number }>(page, `/api/course/studyResourceFile/getResourceByUUId?uuid=${id}`);
      const req = await pageApi<{ items: unknown[] }>(page, `/api/course/studyRecord/nodeRequirements?caseId=case-04&nodeId=${r.nodeId}`);
      if (r.fileSuffixCode === 2 && req.items.length === 1) link = { id, nodeId: r.nodeId };
      if (link) break;
    }
    expect(link).toBeDefined();
    const nodes = await nodesOf(page);
    const node = nodes.find((n) => n.nodeId === link!.nodeId)!;
    const branch = branchOf(nodes, link!.nodeId);

    await page.goto('/#/project/mindDetail?caseId=case-04');
    await tree(page).waitFor();
    await expect.poll(() => treeCounts(page, branch.text)).not.toBeNull();
    const before = (await treeCounts(page, branch.text))!;
    expect(await ticked(page, node.text)).toBe(false);
    await page.evaluate(() => ((window as unknown as { sameDocument: number }).sameDocument = 1));

    // The second tab opens the link (the study record a link's click posts).
    const other = await s.context.newPage();
    await other.goto('/#/');
    await pageApi(other, '/api/course/caseRecord/addRecord', { caseId: 'case-04', nodeId: link!.nodeId, resourceId: link!.id, isStudy: '1' });
    await other.close();

    await expect.poll(() => ticked(page, node.text), { timeout: 15_000 }).toBe(true);
    // (the ✓ and the branch's roll-up arrive one after the other)
    await expect.poll(() => treeCounts(page, branch.text)).toEqual([before[0] + 1, before[1]]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: number }).sameDocument)).toBe(1);
  });

  it('a PDF is completed by its pages seen in the viewer', { timeout: 60_000 }, async () => {
    const { page } = s;
    const res = await pageApi<{ nodeId: string; fileName: string }>(page, '/api/course/studyResourceFile/getResourceByUUId?uuid=case-04-r04');
    const done = async () =>
      (
        await pageApi<{ items: Array<{ id: string; done: number; rule: string }> }>(
          page,
          `/api/course/studyRecord/nodeRequirements?caseId=case-04&nodeId=${res.nodeId}`,
        )
      ).items.find((i) => i.id === 'case-04-r04')!;
    expect(await done()).toMatchObject({ done: 0, rule: '翻阅 90% 的页面' });
    await page.evaluate(() => localStorage.removeItem('pdfPage'));
    await page.goto(
      `/#/project/content?caseId=case-04&nodeId=${res.nodeId}&nodeName=x&resourceId=case-04-r04&fileSuffix=4&fileName=${encodeURIComponent(res.fileName)}`,
    );
    const viewer = page.getByRole('region', { name: 'PDF 文档' });
    for (const n of [1, 2, 3]) {
      await viewer.getByText(`第 ${n} / 3 页`).waitFor();
      // A page counts once it has been on screen a moment: wait for its report before turning.
      await page.waitForResponse((r) => r.url().includes('/savePdfPages'));
      if (n < 3) await viewer.getByRole('button', { name: '下一页' }).click();
    }
    await expect.poll(async () => (await done()).done, { timeout: 10_000 }).toBe(1);
  });
});
