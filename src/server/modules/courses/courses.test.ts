import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL, other: GRADUATED });
const { get, tokens } = t;

describe('official courses', () => {
  it('pages courses with search by name and category', async () => {
    const body = await get(tokens.normal, '/api/course/officialCourse/pages?currentNum=1&currentSize=10');
    expect(body.data).toMatchObject({ total: 14, pages: 2, current: 1, size: 10 });
    expect(body.data.records[0]).toMatchObject({ uuid: 'course-01', name: 'Python程序设计基础', isSignUp: 1, sectionCount: 9 });
    expect((await get(tokens.normal, `/api/course/officialCourse/pages?name=${encodeURIComponent('Python')}`)).data.total).toBe(1);
    expect((await get(tokens.normal, `/api/course/officialCourse/pages?category=${encodeURIComponent('人工智能')}`)).data.total).toBe(3);
    expect((await get(tokens.normal, '/api/course/officialCourse/pages?currentSize=-1')).resultCode).toBe(400);
    expect((await get(null, '/api/course/officialCourse/pages')).resultCode).toBe(40101);
  });

  it('filters by academic year on the server (年份, SPEC §3/§9): the default year 2021 holds a smaller, non-empty list', async () => {
    const ids = async (query: string) =>
      (await get(tokens.normal, `/api/course/officialCourse/pages?currentSize=100${query}`)).data.records.map((c: { uuid: string }) => c.uuid);
    const years = (await get(tokens.normal, '/api/baseManage/v1/sysConfig/getYearList')).data as { dictValue: string; isDefault: number }[];
    expect(years.find((y) => y.isDefault === 1)?.dictValue).toBe('2021');
    expect(await ids('&year=2021')).toEqual(['course-01', 'course-02', 'course-04', 'course-08', 'course-13']);
    expect(await ids('&year=2024')).toEqual(['course-11', 'course-12']);
    expect(await ids('&year=2026')).toEqual([]);
    expect(await ids('')).toHaveLength(14);
    // every seeded course has a year on the list, and the years together give the whole catalogue
    let sum = 0;
    for (const y of years) sum += (await ids(`&year=${y.dictValue}`)).length;
    expect(sum).toBe(14);
    // combined with the other filters, and echoed on each record
    expect(await ids(`&year=2022&category=${encodeURIComponent('数据科学')}`)).toEqual(['course-07', 'course-09']);
    expect((await get(tokens.normal, '/api/course/officialCourse/pages?year=2023')).data.records[0]).toMatchObject({ uuid: 'course-06', year: '2023' });
    for (const bad of ['21', '2021x', 'all', "2021' or '1'='1"])
      expect((await get(tokens.normal, `/api/course/officialCourse/pages?year=${encodeURIComponent(bad)}`)).resultCode).toBe(400);
  });

  it('detail, node tree, ware, checkout and home courses', async () => {
    expect((await get(tokens.normal, '/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=course-07')).data).toMatchObject({
      name: '数据分析与可视化',
      category: '数据科学',
    });
    expect((await get(tokens.normal, '/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=nope')).resultCode).toBe(404);
    const tree = await get(tokens.normal, '/api/course/officialCourse/courseNodeTree?courseId=course-01');
    expect(tree.data).toHaveLength(3);
    expect(tree.data[0]).toMatchObject({ nodeType: 1, name: '第1章 Python入门' });
    expect(tree.data[0].children[0]).toMatchObject({ nodeType: 2, isStudy: 1, videoId: 'file-lesson-video', duration: expect.any(Number) });
    expect(tree.data[2].children.at(-1)).toMatchObject({ recommendUrl: 'https://www.icourse163.org/', videoId: '' });
    const ware = await get(tokens.normal, '/api/course/officialCourse/getWareByCourseId?courseId=course-01');
    expect(ware.data).toHaveLength(9);
    expect((await get(tokens.normal, '/api/course/officialCourse/checkout?courseId=course-02')).data).toBe(0);
    expect((await get(tokens.normal, '/api/course/officialCourse/homeCourse')).data.length).toBeGreaterThanOrEqual(4);
    expect((await get(tokens.normal, '/api/course/recommendMsg/recommendLation')).data[0]).toMatchObject({ courseId: 'course-01', reason: expect.any(String) });
  });

  it('tells each card how many sections the student has learnt: list, home and detail agree, others see 0', async () => {
    const list = (await get(tokens.normal, '/api/course/officialCourse/pages?currentSize=100')).data.records as { uuid: string; learntSections: number }[];
    // 李明: course-01 2 of 9 learnt (1.3 in progress), course-07 3 of 6; not signed up: 0
    expect(list.find((c) => c.uuid === 'course-01')?.learntSections).toBe(2);
    expect(list.find((c) => c.uuid === 'course-07')?.learntSections).toBe(3);
    expect(list.find((c) => c.uuid === 'course-03')?.learntSections).toBe(0);
    const detail = await get(tokens.normal, '/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=course-01');
    expect(detail.data.learntSections).toBe(2);
    const home = (await get(tokens.normal, '/api/course/officialCourse/homeCourse')).data as { uuid: string; learntSections: number }[];
    expect(home.find((c) => c.uuid === 'course-01')?.learntSections).toBe(2);
    const other = (await get(tokens.other, '/api/course/officialCourse/pages?currentSize=100')).data.records as { uuid: string; learntSections: number }[];
    expect(other.find((c) => c.uuid === 'course-01')?.learntSections).toBe(0);
  });

  it('courseSignUp (PUT) signs up once; pageCourseSignUp lists only one’s own', async () => {
    expect((await call(t.app, tokens.normal, { method: 'PUT', url: '/api/course/custOfficialCourseSign/courseSignUp?courseId=course-02' })).resultCode).toBe(
      200,
    );
    expect((await call(t.app, tokens.normal, { method: 'PUT', url: '/api/course/custOfficialCourseSign/courseSignUp?courseId=course-02' })).resultCode).toBe(
      200,
    );
    expect((await get(tokens.normal, '/api/course/officialCourse/checkout?courseId=course-02')).data).toBe(1);
    expect((await get(tokens.normal, '/api/course/custOfficialCourseSign/pageCourseSignUp')).data.total).toBe(4);
    expect((await get(tokens.other, '/api/course/custOfficialCourseSign/pageCourseSignUp')).data.records.map((c: { uuid: string }) => c.uuid)).toEqual([
      'course-08',
    ]);
  });
});

describe('study progress', () => {
  it('saveUserRecord counts coverage no faster than the highest playback rate', async () => {
    const url = '/api/course/userModelRecord/saveUserRecord';
    const report = (segments: number[][], watched?: number) =>
      call(t.app, tokens.other, { method: 'POST', url, payload: { courseId: 'course-02', nodeId: 'course-02-c1-s1', position: 3600, segments, watched } });
    // A claimed `watched` covers nothing; only played segments do.
    const claim = await report([], 3600);
    expect(claim.resultCode).toBe(200);
    expect(claim.data).toMatchObject({ watched: 0, isStudy: 2, position: 30 });
    expect((await report([[0, 5]])).data.watched).toBe(5);
    expect((await report([[5, 30]])).resultCode).toBe(400); // 25 s more at once: faster than 2×
    // Ten minutes after the first covering report, the rest of the 30 s clip may well be covered.
    await t.database.db
      .updateTable('learn_locations')
      .set({ coverage_started_at: new Date(Date.now() - 600_000) })
      .where('student_id', '=', 'stu-0003')
      .execute();
    expect((await report([[5, 590]])).data).toMatchObject({ watched: 30, isStudy: 1 });
    expect((await call(t.app, tokens.other, { method: 'POST', url, payload: { courseId: 'course-02', nodeId: 'nope', position: 1 } })).resultCode).toBe(404);
    expect((await call(t.app, tokens.other, { method: 'POST', url, payload: { courseId: 'course-02', nodeId: 'x', position: 'far' } })).resultCode).toBe(400);
    const loc = await get(tokens.other, '/api/course/userModelRecord/selectLearnLocation?courseId=course-02');
    expect(loc.data).toMatchObject({ nodeId: 'course-02-c1-s1', videoId: 'file-lesson-video' });
    expect((await get(tokens.normal, '/api/course/userModelRecord/selectLearnLocation?courseId=course-02')).data).toBeNull();
  });

  it('selectLearnLocation with a nodeId answers that section’s own place, not only the last-touched one', async () => {
    const url = '/api/course/userModelRecord/saveUserRecord';
    const at = (nodeId: string, position: number) =>
      call(t.app, tokens.other, { method: 'POST', url, payload: { courseId: 'course-02', nodeId, position, segments: [] } });
    expect((await at('course-02-c2-s1', 12)).resultCode).toBe(200);
    expect((await at('course-02-c2-s2', 20)).resultCode).toBe(200); // touched last
    const where = (q: string) => get(tokens.other, `/api/course/userModelRecord/selectLearnLocation?courseId=course-02${q}`);
    expect((await where('')).data).toMatchObject({ nodeId: 'course-02-c2-s2', position: 20 });
    expect((await where('&nodeId=course-02-c2-s1')).data).toMatchObject({ nodeId: 'course-02-c2-s1', position: 12 });
    expect((await where('&nodeId=course-02-c2-s3')).data).toBeNull(); // never played
  });
});
