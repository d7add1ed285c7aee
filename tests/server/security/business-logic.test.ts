import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { call } from '../helpers';
import { addStudent } from './students';

// ASVS 11.1: a student cannot climb the case ranking by reporting nodes that do not exist.
const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await addStudent(t, 'stu-rank', '13700000501');
  await t.database.db.insertInto('case_applications').values({ id: 'apply-rank', student_id: 'stu-rank', case_id: 'case-01', status: 1 }).execute();
});

const ranking = async () =>
  (await call(t.app, token, { method: 'GET', url: '/api/course/caseApply/getRanking?caseId=case-01' })).data as { username: string; studyCount: number }[];

describe('study records only for nodes of the case map', () => {
  it('made-up node ids are refused and leave the ranking as it was; a real node counts', async () => {
    const before = await ranking();
    for (let i = 0; i < 30; i++) {
      for (const url of ['/api/course/caseRecord/addRecord', '/api/course/studyRecord/addRecord']) {
        const res = await call(t.app, token, { method: 'POST', url, payload: { caseId: 'case-01', nodeId: `fake-node-${i}`, isStudy: '1' } });
        expect(res, url).toMatchObject({ resultCode: 404, errMsg: '知识点不存在' });
      }
    }
    expect(await ranking()).toEqual(before);
    expect(await t.database.db.selectFrom('case_records').selectAll().where('student_id', '=', 'stu-rank').execute()).toEqual([]);

    // A node another case's map has is not a node of this one either.
    const other = (await call(t.app, token, { method: 'GET', url: '/api/course/mindStudent/showMind?caseId=case-02' })).data.document.root.children[0].data.id;
    expect(
      (await call(t.app, token, { method: 'POST', url: '/api/course/caseRecord/addRecord', payload: { caseId: 'case-01', nodeId: other } })).resultCode,
    ).toBe(404);

    // A real node ticked by hand (no required resource or exam: issue 22's rule) is recorded, but
    // it is no 知识点: the ranking counts study nodes only, as the case's cards do.
    const chapter = (await call(t.app, token, { method: 'GET', url: '/api/course/mindStudent/showMind?caseId=case-01' })).data.document.root.children[0].data
      .id;
    const rule = await call(t.app, token, { method: 'GET', url: `/api/course/studyRecord/nodeRequirements?caseId=case-01&nodeId=${chapter}` });
    expect(rule.data.byHand).toBe(1);
    expect(
      (await call(t.app, token, { method: 'POST', url: '/api/course/caseRecord/addRecord', payload: { caseId: 'case-01', nodeId: chapter, isStudy: '1' } }))
        .resultCode,
    ).toBe(200);
    expect(await ranking()).toEqual(before);
    // A study node completed through its resources counts.
    const res = await t.database.db.selectFrom('study_resources').select(['id', 'node_id', 'file_suffix_code']).where('case_id', '=', 'case-01').execute();
    const link = res.find((r) => r.file_suffix_code === 2 && res.filter((x) => x.node_id === r.node_id).length === 1)!;
    const done = await call(t.app, token, {
      method: 'POST',
      url: '/api/course/caseRecord/addRecord',
      payload: { caseId: 'case-01', nodeId: link.node_id, resourceId: link.id, isStudy: '1' },
    });
    expect(done.data).toMatchObject({ nodeLearnt: 1 });
    expect((await ranking()).some((r) => r.username.startsWith('学') && r.studyCount === 1)).toBe(true);
  });
});
