import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { hashOf, openSignedIn, recordApi, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

const query = (hash: string) => Object.fromEntries(new URLSearchParams(hash.split('?')[1] ?? ''));

describe('case nodes link to their node exams', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
  });
  afterAll(async () => s?.close());

  it('offers 节点测试 only on nodes with an exam and opens the answer screen for that node', async () => {
    const api = recordApi(s.page);
    await s.page.goto('/#/project/detail?id=case-01');
    const nodes = s.page.getByRole('region', { name: '知识点与学习资源' });
    await nodes.getByRole('button', { name: /用户调研/ }).waitFor();
    // The seed has node exams on 用户调研 and 总体架构 only.
    expect(await nodes.getByRole('link', { name: /^节点测试/ }).allTextContents()).toEqual(['节点测试', '节点测试']);
    expect(await nodes.getByRole('link', { name: '节点测试：用例建模' }).count()).toBe(0);

    await nodes.getByRole('link', { name: '节点测试：用户调研' }).click();
    await expect.poll(() => hashOf(s.page)).toMatch(/^#\/exam\/answer\?/);
    const q = query(hashOf(s.page));
    expect(q.caseId).toBe('case-01');
    expect(q.nodeId).toBeTruthy();
    await s.page.getByRole('main').getByRole('heading', { name: '用户调研节点测验' }).waitFor();
    expect(api.count('/api/course/nodeTestUser/getExamByNodeId')).toBe(1);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
