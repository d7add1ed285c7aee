import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { applyForCases, openSignedIn, unexpectedErrors } from './shell-helpers';
import { tree } from './mindmap/helpers';
import { E2E_STUDENTS } from './students';
import { pageApi, watchCaseVideoToEnd } from './study-helpers';
import { e2eBaseURL } from './base-url';

// Issue 22: the study map shows progress per branch and a video watched at 2× completes its node.
// Signs in as E2E_STUDENTS.progressWalk (its own student) and mutates only that student's records:
// its application to case-04 and the study of the video resource case-04-r08 (one video, no exam).

let s: BrowserSession;

beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.progressWalk.loginName);
  await applyForCases(s.page, 'case-04');
});

afterAll(async () => {
  expect(unexpectedErrors(s.errors)).toEqual([]);
  await s.close();
});

const counts = async (page: Page, text: string) => {
  const label =
    (await tree(page)
      .getByRole('treeitem', { name: new RegExp(`^${text}，`) })
      .getAttribute('aria-label')) ?? '';
  const m = /已学 (\d+)\/(\d+)/.exec(label);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

describe('study progress on the map', () => {
  it('a case video watched to the end at 2× ticks its node and counts one more on its branch', { timeout: 120_000 }, async () => {
    const { page } = s;
    const res = await pageApi<{ nodeId: string; fileName: string }>(page, '/api/course/studyResourceFile/getResourceByUUId?uuid=case-04-r08');
    const nodes = await pageApi<Array<{ nodeId: string; text: string; level: number }>>(
      page,
      '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-04',
    );
    const at = nodes.findIndex((n) => n.nodeId === res.nodeId);
    const node = nodes[at]!;
    const branch = nodes
      .slice(0, at)
      .reverse()
      .find((n) => n.level === node.level - 1)!;
    const root = nodes[0]!;

    await page.goto('/#/project/mindDetail?caseId=case-04');
    await tree(page).waitFor();
    await expect.poll(() => counts(page, branch.text)).not.toBeNull();
    const before = (await counts(page, branch.text))!;
    const rootBefore = (await counts(page, root.text))!;
    expect(rootBefore[1]).toBeGreaterThan(before[1] - 1);
    await page.getByRole('status', { name: '案例学习进度' }).waitFor();

    // The keyboard-only path reads the counts through the tree: focus an item and walk down.
    await tree(page).getByRole('treeitem').first().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focused).toMatch(/已学 \d+\/\d+/);

    // Watch the video through the real player at 2× to the end.
    await watchCaseVideoToEnd(page, { caseId: 'case-04', nodeId: res.nodeId, nodeText: node.text, resourceId: 'case-04-r08', fileName: res.fileName });

    await page.goto('/#/project/mindDetail?caseId=case-04');
    await tree(page).waitFor();
    await expect.poll(() => counts(page, branch.text)).toEqual([before[0] + 1, before[1]]);
    expect(await counts(page, root.text)).toEqual([rootBefore[0] + 1, rootBefore[1]]);
    expect(
      await tree(page)
        .getByRole('treeitem', { name: new RegExp(`^${node.text}，.*已学`) })
        .count(),
    ).toBe(1);
    const percent = Math.floor(((rootBefore[0] + 1) * 100) / rootBefore[1]);
    await page.getByRole('status', { name: '案例学习进度' }).getByText(`已学 ${percent}%`).waitFor();
    // 继续学习 (Alt+N) opens the resource of the first unlearnt study node in map order.
    const fresh = await pageApi<Array<{ nodeId: string; isStudy: number; resourceCount: number; hasExam: number }>>(
      page,
      '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-04',
    );
    const next = fresh.find((n) => !n.isStudy && (n.resourceCount > 0 || n.hasExam))!;
    // (from the root: the map opens on the 正在学 node, and 继续学习 goes on from the selection)
    await tree(page).getByRole('treeitem').first().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Alt+n');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/project/content?');
    expect(await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('nodeId'))).toBe(next.nodeId);
    // The case detail page shows the same percentage, computed on the server by the same rule.
    await page.goto('/#/project/detail?id=case-04');
    await page.getByText(`进度 ${percent}%`).waitFor();
  });
});
