import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL, applyTo, call } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED, experience: EXPERIENCE });
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

  it("serves the official map from the content cache, each student's progress on their own copy, and a teacher's change at once", async () => {
    const url = '/api/course/mindStudent/showMind?caseId=case-01';
    const learntIds = (doc: { root: object }) => JSON.stringify(doc).match(/"isStudy":1/g)?.length ?? 0;
    const mine = (await get(tokens.normal, url)).data;
    expect(learntIds(mine.document)).toBeGreaterThan(0);
    expect(t.app.contentCache.peek('official-map:case-01')).toBeDefined();
    // the same cached map for a student without progress: the first student's marks are not on it
    const theirs = (await get(tokens.experience, url)).data;
    expect(theirs).toMatchObject({ isOfficial: 1, version: 0 });
    expect(learntIds(theirs.document)).toBe(0);
    const db = t.database.db;
    const stored = await db.selectFrom('official_maps').select('document').where('case_id', '=', 'case-01').executeTakeFirstOrThrow();
    const changed = JSON.parse(stored.document);
    changed.root.data.text = '教师刚改过的中心主题';
    // Written by plain SQL, as the teacher site would: only the official_maps trigger's NOTIFY can tell the cache.
    await db
      .updateTable('official_maps')
      .set({ document: JSON.stringify(changed) })
      .where('case_id', '=', 'case-01')
      .execute();
    try {
      await vi.waitFor(() => expect(t.app.contentCache.peek('official-map:case-01')).toBeUndefined(), { timeout: 5000 });
      expect((await get(tokens.normal, url)).data.document.root.data.text).toBe('教师刚改过的中心主题');
      expect((await get(tokens.normal, '/api/course/mindStudent/getMindOutline?caseId=case-01')).data.outline.split('\n')[0]).toBe('教师刚改过的中心主题');
    } finally {
      await db.updateTable('official_maps').set({ document: stored.document }).where('case_id', '=', 'case-01').execute();
    }
    await vi.waitFor(async () => expect((await get(tokens.normal, url)).data.document.root.data.text).toBe('校园二手交易平台'), { timeout: 5000 });
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

  it("keeps the student's access and progress in the student cache: a resource opened moves 正在学 at once, records and graduation written elsewhere arrive by NOTIFY", async () => {
    type Node = { nodeId: string; isStudy: number; isNow: number };
    const nodesUrl = '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-03';
    const nodes = async () => (await get(tokens.normal, nodesUrl)).data as Node[];
    const before = await nodes();
    expect(t.app.studentCache.size).toBeGreaterThan(0);
    const db = t.database.db;
    const { id: studentId } = await db.selectFrom('students').select('id').where('login_name', '=', NORMAL).executeTakeFirstOrThrow();
    // a resource opened through the route: the answer's forget moves 正在学 to its node on the next read, no waiting
    const learnt = new Set(before.filter((n) => n.isStudy === 1).map((n) => n.nodeId));
    const resource = await db
      .selectFrom('study_resources')
      .select(['id', 'node_id'])
      .where('case_id', '=', 'case-03')
      .where('file_suffix_code', '!=', 3)
      .orderBy('sort', 'desc')
      .execute()
      .then((rs) => rs.find((r) => !learnt.has(r.node_id) && before.find((n) => n.nodeId === r.node_id)?.isNow === 0)!);
    const opened = await call(t.app, tokens.normal, {
      method: 'POST',
      url: '/api/course/caseRecord/addRecord',
      payload: { caseId: 'case-03', nodeId: resource.node_id, resourceId: resource.id, isStudy: 2 },
    });
    expect(opened.resultCode).toBe(200);
    expect((await nodes()).filter((n) => n.isNow === 1).map((n) => n.nodeId)).toEqual([resource.node_id]);
    // Written by plain SQL, as another process or an operator would: only the triggers' NOTIFYs can tell the cache.
    const fresh = (await nodes()).find((n) => n.isStudy === 0 && n.nodeId !== resource.node_id)!;
    await db
      .insertInto('case_records')
      .values({ id: 'rec-by-sql', student_id: studentId, case_id: 'case-03', node_id: fresh.nodeId, resource_id: '', is_study: 1 })
      .execute();
    try {
      await vi.waitFor(async () => expect((await nodes()).find((n) => n.nodeId === fresh.nodeId)).toMatchObject({ isStudy: 1 }), { timeout: 5000 });
      type Topic = { data: { id: string; isStudy?: number }; children?: Topic[] };
      const find = (n: Topic, id: string): Topic | undefined => (n.data.id === id ? n : (n.children ?? []).map((c) => find(c, id)).find(Boolean));
      const shown = (await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-03&official=1')).data.document as { root: Topic };
      expect(find(shown.root, fresh.nodeId)?.data.isStudy).toBe(1);
      await db.updateTable('case_applications').set({ status: 2 }).where('student_id', '=', studentId).where('case_id', '=', 'case-03').execute();
      await vi.waitFor(async () => expect(await get(tokens.normal, nodesUrl)).toMatchObject({ resultCode: 403, errMsg: '您已结业，无法进入学习' }), {
        timeout: 5000,
      });
      expect((await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-03')).resultCode).toBe(403);
    } finally {
      await db.updateTable('case_applications').set({ status: 1 }).where('student_id', '=', studentId).where('case_id', '=', 'case-03').execute();
      await db.deleteFrom('case_records').where('id', '=', 'rec-by-sql').execute();
    }
    await vi.waitFor(async () => expect((await nodes()).find((n) => n.nodeId === fresh.nodeId)).toMatchObject({ isStudy: 0 }), { timeout: 5000 });
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
