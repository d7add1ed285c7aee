import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED, experience: EXPERIENCE });
const { get, post, tokens } = t;

describe('case lists', () => {
  it('queryCasePage pages project cases (type 1) and practice (type 2), searchable by name', async () => {
    const cases = await get(tokens.normal, '/api/course/caseDetails/queryCasePage?currentNum=1&currentSize=5');
    expect(cases.data).toMatchObject({ total: 8, pages: 2, current: 1, size: 5 });
    expect(cases.data.records[0]).toMatchObject({ uuid: 'case-01', caseType: 1, name: '校园二手交易平台', applyStatus: 1, nodeCount: 20 });
    const practice = await get(tokens.normal, '/api/course/caseDetails/queryCasePage?caseType=2');
    expect(practice.data.total).toBe(4);
    const search = await get(tokens.normal, `/api/course/caseDetails/queryCasePage?name=${encodeURIComponent('订单')}`);
    expect(search.data.records.map((c: { name: string }) => c.name)).toEqual(['电商订单管理系统']);
    expect((await get(tokens.normal, '/api/course/caseDetails/queryCasePage?caseType=9')).resultCode).toBe(400);
    expect((await get(null, '/api/course/caseDetails/queryCasePage')).resultCode).toBe(40101);
  });

  it('filters project cases and practice by academic year on the server (年份, SPEC §3/§9)', async () => {
    const ids = async (query: string) =>
      (await get(tokens.normal, `/api/course/caseDetails/queryCasePage?currentSize=100${query}`)).data.records.map((c: { uuid: string }) => c.uuid);
    expect(await ids('&year=2021')).toEqual(['case-01', 'case-04', 'case-08']);
    expect(await ids('&year=2022')).toEqual(['case-02', 'case-03']);
    expect(await ids('&year=2026')).toEqual([]);
    expect(await ids('')).toHaveLength(8);
    expect(await ids('&year=2021&caseType=2')).toEqual(['prac-01', 'prac-02']);
    expect(await ids('&year=2021&classifyId=cls-se')).toEqual(['case-01']);
    expect((await get(tokens.normal, '/api/course/caseDetails/queryCasePage?year=2024')).data.records).toEqual([
      expect.objectContaining({ uuid: 'case-07', year: '2024' }),
    ]);
    expect((await get(tokens.graduated, '/api/course/caseDetails/queryUserCase?year=2022')).data.records.map((c: { uuid: string }) => c.uuid)).toEqual([
      'case-02',
    ]);
    expect((await get(tokens.normal, '/api/course/caseDetails/queryCasePage?year=20211')).resultCode).toBe(400);
  });

  it('queryUserCase lists only the student’s own cases', async () => {
    const mine = await get(tokens.graduated, '/api/course/caseDetails/queryUserCase');
    expect(mine.data.records.map((c: { uuid: string; applyStatus: number }) => [c.uuid, c.applyStatus])).toEqual([
      ['case-01', 2],
      ['case-02', 1],
    ]);
  });

  it('getCaseClassifyList answers tree items, also before login', async () => {
    const body = await get(null, '/api/course/caseClassification/getCaseClassifyList');
    expect(body.data[0]).toMatchObject({ uuid: 'cls-se', name: '软件工程', parentId: '0' });
    expect(body.data[0].children[0]).toMatchObject({ uuid: 'cls-se-web', parentId: 'cls-se', children: [] });
  });
});

describe('case detail and access', () => {
  it('getCasesDetails answers the case, but 403 您已结业 for a graduated student', async () => {
    expect((await get(tokens.normal, '/api/course/caseDetails/getCasesDetails?caseId=case-01')).data).toMatchObject({ uuid: 'case-01', applyStatus: 1 });
    expect(await get(tokens.graduated, '/api/course/caseDetails/getCasesDetails?caseId=case-01')).toMatchObject({
      resultCode: 403,
      errMsg: '您已结业，无法进入学习',
    });
    expect((await get(tokens.normal, '/api/course/caseDetails/getCasesDetails?caseId=nope')).resultCode).toBe(404);
    expect((await get(tokens.normal, '/api/course/caseDetails/getCasesDetails')).errMsg).toContain('caseId');
  });

  it('checkCaseAccess answers 0/1/2 for oneself only', async () => {
    expect((await get(tokens.graduated, '/api/course/caseApply/checkCaseAccess?caseId=case-01&studentId=stu-0003')).data).toBe(2);
    expect((await get(tokens.normal, '/api/course/caseApply/checkCaseAccess?caseId=case-01&studentId=stu-0001')).data).toBe(1);
    expect((await get(tokens.normal, '/api/course/caseApply/checkCaseAccess?caseId=case-03')).data).toBe(0);
    expect((await get(tokens.normal, '/api/course/caseApply/checkCaseAccess?caseId=case-01&studentId=stu-0003')).resultCode).toBe(403);
  });

  it('saveApply and directApply enrol; customerType 1 is refused', async () => {
    expect((await post(tokens.normal, '/api/course/caseApply/saveApply', { caseId: 'case-03' })).resultCode).toBe(200);
    expect((await get(tokens.normal, '/api/course/caseApply/checkCaseAccess?caseId=case-03')).data).toBe(1);
    expect((await post(tokens.normal, '/api/course/caseApply/directApply', { caseId: 'prac-02' })).resultCode).toBe(200);
    for (const url of ['/api/course/caseApply/saveApply', '/api/course/caseApply/directApply']) {
      expect(await post(tokens.experience, url, { caseId: 'case-05' })).toMatchObject({
        resultCode: 403,
        errMsg: '您正在进行学生端体验，管理案例课程请登录教师端进行。',
      });
    }
    expect((await post(tokens.graduated, '/api/course/caseApply/saveApply', { caseId: 'case-01' })).resultCode).toBe(403);
    expect((await post(tokens.normal, '/api/course/caseApply/saveApply', {})).resultCode).toBe(400);
  });

  it('getRanking lists learners with masked names', async () => {
    const body = await get(tokens.normal, '/api/course/caseApply/getRanking?caseId=case-01');
    expect(body.data[0]).toMatchObject({ rank: 1, username: '王*', studyCount: 20 });
    expect(body.data[1]).toMatchObject({ rank: 2, username: '李*', studyCount: 5 });
  });
});

// Issue 22 item 6 / issue 18 item 5: a card's numbers are the numbers of the page it links to.
describe('counts that agree', () => {
  type Node = { level: number; resourceCount: number; hasExam: number };
  it('nodeCount is a case’s 知识点 (its study nodes) and a practice item’s steps (the rows its detail page lists)', async () => {
    for (const caseType of [1, 2]) {
      const page = await get(tokens.normal, `/api/course/caseDetails/queryCasePage?caseType=${caseType}&currentSize=100`);
      for (const c of page.data.records as { caseId: string; nodeCount: number }[]) {
        const nodes: Node[] = (await get(tokens.normal, `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${c.caseId}`)).data;
        // study nodes: resources or a node exam (issue 22); steps: the detail pages' visibleNodes rule (features/project/case-helpers.ts)
        const expected =
          caseType === 1
            ? nodes.filter((n) => n.resourceCount > 0 || n.hasExam === 1).length
            : nodes.filter((n) => n.level > 1 && (n.level <= 3 || n.resourceCount > 0)).length;
        expect(c.nodeCount, c.caseId).toBe(expected);
        expect((await get(tokens.normal, `/api/course/caseDetails/getCasesDetails?caseId=${c.caseId}`)).data.nodeCount).toBe(c.nodeCount);
      }
    }
    // 16 steps: 4 chapters of 3 topics, as PracticeDetail lists them (the map has 53 nodes)
    expect((await get(tokens.normal, '/api/course/caseDetails/getCasesDetails?caseId=prac-01')).data.nodeCount).toBe(16);
  });

  it('studyCount ("N 人在学") counts the students the ranking ranks, and a new learner is ranked at once', async () => {
    const counted = async (caseId: string) => (await get(tokens.normal, `/api/course/caseDetails/getCasesDetails?caseId=${caseId}`)).data.studyCount as number;
    const ranked = async (caseId: string) =>
      (await get(tokens.normal, `/api/course/caseApply/getRanking?caseId=${caseId}`)).data as { username: string; studyCount: number }[];
    const page = await get(tokens.normal, '/api/course/caseDetails/queryCasePage?currentSize=100');
    for (const c of page.data.records as { caseId: string; studyCount: number }[]) {
      const rows = await t.database.db.selectFrom('case_applications').select('student_id').where('case_id', '=', c.caseId).execute();
      expect(c.studyCount, c.caseId).toBe(rows.length);
      expect((await ranked(c.caseId)).length, c.caseId).toBe(Math.min(10, rows.length));
    }
    const before = await counted('case-06');
    const token = await addStudent(t, 'stu-count', '13700000601');
    expect((await post(token, '/api/course/caseApply/saveApply', { caseId: 'case-06' })).resultCode).toBe(200);
    expect(await counted('case-06')).toBe(before + 1);
    expect((await ranked('case-06')).filter((r) => r.username.startsWith('学'))).toEqual([expect.objectContaining({ studyCount: 0 })]);
  });
});
