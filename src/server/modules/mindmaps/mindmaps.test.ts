import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, applyTo, call } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, tokens } = t;

const save = (tok: string | null, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/course/mindStudent/saveStuMind', payload });
const doc = (text: string, depth = 2) => {
  let node: { data: object; children: unknown[] } = { data: { id: `d${depth}`, text: `L${depth}` }, children: [] };
  for (let d = depth - 1; d >= 1; d--) node = { data: { id: `d${d}`, text: d === 1 ? text : `L${d}` }, children: [node] };
  return { root: node, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
};

// Saving is studying: only in cases the student applied to.
beforeAll(() => applyTo(t.app, t.tokens.normal, 'case-02', 'case-03', 'case-05'));

describe('mind maps', () => {
  it('showMind serves the official map (version 0) with the student’s progress marked', async () => {
    const body = await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-01');
    expect(body.data).toMatchObject({ caseId: 'case-01', version: 0, isOfficial: 1 });
    expect(body.data.document).toMatchObject({ version: '1.4.43', theme: 'fresh-blue', root: { data: { text: '校园二手交易平台' } } });
    const topic = body.data.document.root.children[0].children[0];
    expect(topic.data).toMatchObject({ isStudy: 1, id: expect.any(String), created: expect.any(Number) });
    expect(await get(tokens.graduated, '/api/course/mindStudent/showMind?caseId=case-01')).toMatchObject({ resultCode: 403, errMsg: '您已结业，无法进入学习' });
    expect((await get(null, '/api/course/mindStudent/showMind?caseId=case-01')).resultCode).toBe(40101);
  });

  it('saveStuMind saves with versions and rejects a stale save with 409', async () => {
    const first = await save(tokens.normal, { caseId: 'case-02', document: doc('我的导图'), version: 0 });
    expect(first).toMatchObject({ resultCode: 200, data: { version: 1 } });
    expect((await save(tokens.normal, { caseId: 'case-02', document: JSON.stringify(doc('第二版')), version: 1 })).data.version).toBe(2);
    const stale = await save(tokens.normal, { caseId: 'case-02', document: doc('过期'), version: 1 });
    expect(stale).toMatchObject({ resultCode: 409, data: { version: 2 } });
    expect(stale.errMsg).toContain('刷新');
    const shown = await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-02');
    expect(shown.data).toMatchObject({ version: 2, isOfficial: 0, document: { root: { data: { text: '第二版' } } } });
    expect((await get(tokens.normal, '/api/course/mindStudent/checkIssue?caseId=case-02')).data).toEqual({ issued: 1, hasOwn: 1, version: 2 });
    // 知识点详情 asks for the official map: the student's own copy does not replace it there.
    const official = await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-02&official=1');
    expect(official.data).toMatchObject({ version: 0, isOfficial: 1 });
    expect(official.data.document.root.data.text).not.toBe('第二版');
    expect((await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-02&official=2')).resultCode).toBe(400);
  });

  it('keeps the depth of a map deeper than 4 levels (the level-4 rule is about inserting); rejects malformed documents and bad types', async () => {
    expect((await save(tokens.normal, { caseId: 'case-03', document: doc('四级', 4), version: 0 })).resultCode).toBe(200);
    expect(await save(tokens.normal, { caseId: 'case-03', document: doc('五级', 5), version: 1 })).toMatchObject({ resultCode: 200, data: { version: 2 } });
    let node = (await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-03')).data.document.root;
    for (let level = 1; level < 5; level++) node = node.children[0];
    expect(node.data).toMatchObject({ id: 'd5', text: 'L5' });
    expect((await save(tokens.normal, { caseId: 'case-03', document: { nope: 1 }, version: 2 })).resultCode).toBe(400);
    expect((await save(tokens.normal, { caseId: 'case-03', document: '{not json', version: 2 })).resultCode).toBe(400);
    expect((await save(tokens.normal, { caseId: 'case-03', document: doc('x'), version: 'abc' })).errMsg).toContain('version');
  });

  it('keeps each student’s map private: another student still sees the official map', async () => {
    await save(tokens.normal, { caseId: 'case-05', document: doc('李明的导图'), version: 0 });
    const other = await get(tokens.graduated, '/api/course/mindStudent/showMind?caseId=case-05');
    expect(other.data).toMatchObject({ version: 0, isOfficial: 1 });
    expect((await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-05&studentId=stu-0003')).resultCode).toBe(403);
  });

  it('queryNodeBasicByStudentId lists node states', async () => {
    const body = await get(tokens.normal, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01');
    expect(body.data).toHaveLength(86);
    expect(body.data.filter((n: { isStudy: number }) => n.isStudy === 1)).toHaveLength(5);
    expect(body.data.filter((n: { isNow: number }) => n.isNow === 1)).toHaveLength(1);
  });

  it('queryNodeBasicByStudentId follows the student’s latest record, and refuses whom showMind refuses', async () => {
    type Node = { nodeId: string; text: string; isStudy: number; isNow: number };
    const nodes = async () => (await get(tokens.normal, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01')).data as Node[];
    const before = await nodes();
    expect(Object.keys(before[0])).toEqual(['nodeId', 'text', 'level', 'resourceCount', 'hasExam', 'isStudy', 'isNow']);
    const fresh = before.find((n) => n.isStudy === 0 && n.isNow === 0 && n.text)!;
    const added = await call(t.app, tokens.normal, {
      method: 'POST',
      url: '/api/course/caseRecord/addRecord',
      payload: { caseId: 'case-01', nodeId: fresh.nodeId, isStudy: 1 },
    });
    expect(added.resultCode).toBe(200);
    const after = await nodes();
    // Learnt, so not 正在学 (issue 22): that moves on to the next study node still to learn.
    expect(after.find((n) => n.nodeId === fresh.nodeId)).toMatchObject({ isStudy: 1, isNow: 0 });
    const now = after.filter((n) => n.isNow === 1);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ isStudy: 0 });
    expect(after.filter((n) => n.isStudy === 1)).toHaveLength(before.filter((n) => n.isStudy === 1).length + 1);
    // Another student with no records in the case: nothing learnt, no current node.
    const other = await get(tokens.graduated, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-02');
    expect((other.data as Node[]).some((n) => n.isStudy || n.isNow)).toBe(false);
    expect(await get(tokens.graduated, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01')).toMatchObject({
      resultCode: 403,
      errMsg: '您已结业，无法进入学习',
    });
    expect((await get(tokens.normal, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01&studentId=stu-0003')).resultCode).toBe(403);
    expect((await get(tokens.normal, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=nope')).resultCode).toBe(404);
  });
});
