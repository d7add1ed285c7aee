import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, post, tokens } = t;

const start = (tok: string | null, examId: string) => post(tok, '/api/course/nodeTestUser/startExam', { examId });
const submit = (tok: string | null, examId: string, answers: { questionId: string; answer: string }[]) =>
  post(tok, '/api/course/nodeTestUser/submitExam', { examId, answers });
const allRight = (examId: string, keys: string[]) => keys.map((answer, i) => ({ questionId: `${examId}-q${i + 1}`, answer }));

describe('exam list', () => {
  it('pages the node exams of my cases and the exams of my courses, with status', async () => {
    const page1 = await get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?currentNum=1&currentSize=10');
    expect(page1.data).toMatchObject({ total: 11, pages: 2, current: 1, size: 10 });
    const page2 = await get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?currentNum=2&currentSize=10');
    const all = [...page1.data.records, ...page2.data.records];
    const byId = Object.fromEntries(all.map((r: { examId: string; sourceKind: string }) => [r.examId, r]));
    // Where each belongs, as the list labels it: a practice item's quiz is not a 项目案例's.
    expect([byId['exam-case-01-1'].sourceKind, byId['exam-prac-01-1'].sourceKind, byId['exam-course-01-mid'].sourceKind]).toEqual([
      'case',
      'practice',
      'course',
    ]);
    expect(Object.keys(byId).sort()).toEqual(
      [
        'exam-case-01-1',
        'exam-case-01-2',
        'exam-case-04-1',
        'exam-case-04-2',
        'exam-prac-01-1',
        'exam-prac-01-2',
        'exam-course-01-mid',
        'exam-course-01-final',
        'exam-course-07-mid',
        'exam-course-07-final',
        'exam-course-13-unit',
      ].sort(),
    );
    expect(byId['exam-case-01-1']).toMatchObject({
      examType: 1,
      status: 2,
      score: 75,
      isPass: 1,
      sourceName: '校园二手交易平台',
      caseId: 'case-01',
      nodeId: expect.any(String),
      questionCount: 4,
      totalScore: 100,
    });
    expect(byId['exam-case-04-1']).toMatchObject({ status: 0, timeLimit: 20, canStart: 1 });
    expect(byId['exam-case-04-2']).toMatchObject({ status: 2, score: 50, isPass: 0, maxAttempts: 2, canStart: 1 });
    // Seeded open and two hours past its deadline: the list closes it (nothing saved: 0 分).
    expect(byId['exam-prac-01-1']).toMatchObject({ status: 3, isTimeout: 1, attempt: null, score: 0, isPass: 0, attemptCount: 1, canStart: 0 });
    expect(byId['exam-course-07-final']).toMatchObject({ examType: 2, status: 2, score: 75, courseId: 'course-07', sourceName: '数据分析与可视化' });
    expect(page1.data.records[0].examType).toBe(1);
    const courseOnly = await get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?currentNum=1&currentSize=10&examType=2&courseId=course-01');
    expect(courseOnly.data.records.map((r: { examId: string }) => r.examId)).toEqual(['exam-course-01-mid', 'exam-course-01-final']);
    // The graduated student's finished case is not in their list; their course's exam is.
    const other = await get(tokens.graduated, '/api/course/nodeTestUser/queryExamPage?currentNum=1&currentSize=50');
    expect(other.data.records.map((r: { examId: string }) => r.examId)).toEqual(['exam-case-02-1', 'exam-case-02-2', 'exam-course-08-final']);
  });

  it('validates and requires login', async () => {
    expect((await get(null, '/api/course/nodeTestUser/queryExamPage')).resultCode).toBe(40101);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?currentNum=0')).resultCode).toBe(400);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?examType=7')).resultCode).toBe(400);
  });
});

describe('course exams', () => {
  it('lists a course’s exams for its intro, signed up or not', async () => {
    const body = await get(tokens.normal, '/api/course/nodeTestUser/getExamByCourseId?courseId=course-01');
    expect(body.data).toMatchObject({ courseId: 'course-01', courseName: 'Python程序设计基础', isSignUp: 1 });
    expect(body.data.exams.map((e: { title: string; timeLimit: number }) => [e.title, e.timeLimit])).toEqual([
      ['Python程序设计基础 期中测验', 0],
      ['Python程序设计基础 期末考试', 30],
    ]);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByCourseId?courseId=course-03')).data).toMatchObject({
      isSignUp: 0,
      exams: [{ examId: 'exam-course-03-final' }],
    });
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByCourseId?courseId=nope')).resultCode).toBe(404);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByCourseId')).resultCode).toBe(400);
    expect((await get(null, '/api/course/nodeTestUser/getExamByCourseId?courseId=course-01')).resultCode).toBe(40101);
  });

  it('is taken only by students signed up for the course', async () => {
    expect(await get(tokens.normal, '/api/course/nodeTestUser/getCourseExam?examId=exam-course-03-final')).toMatchObject({
      resultCode: 403,
      errMsg: '请先报名该课程，再参加课程考试',
    });
    expect((await start(tokens.normal, 'exam-course-03-final')).resultCode).toBe(403);
    expect((await submit(tokens.normal, 'exam-course-03-final', [])).resultCode).toBe(403);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getCourseExam?examId=nope')).resultCode).toBe(404);
  });

  it('hides a timed paper until started; the server sets the deadline; grading is right', async () => {
    const before = await get(tokens.normal, '/api/course/nodeTestUser/getCourseExam?examId=exam-course-01-final');
    expect(before.data).toMatchObject({ status: 0, timeLimit: 30, questionCount: 4, attempt: null, questions: [] });
    expect((await submit(tokens.normal, 'exam-course-01-final', [])).errMsg).toBe('请先开始考试');
    const started = await start(tokens.normal, 'exam-course-01-final');
    expect(started.data).toMatchObject({ status: 1, attempt: { attemptNo: 1 } });
    expect(started.data.attempt.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(started.data.questions).toHaveLength(4);
    expect(JSON.stringify(started.data)).not.toMatch(/"(answer|rightAnswer|analysis)"/);
    // Starting again resumes the same attempt and deadline.
    expect((await start(tokens.normal, 'exam-course-01-final')).data.attempt.deadline).toBe(started.data.attempt.deadline);
    const answers = [
      { questionId: 'exam-course-01-final-q1', answer: 'B' },
      { questionId: 'exam-course-01-final-q2', answer: 'A' },
      { questionId: 'exam-course-01-final-q3', answer: 'DBA' },
    ];
    expect((await submit(tokens.normal, 'exam-course-01-final', answers)).data).toMatchObject({ score: 50, totalScore: 100, isPass: 0, isOvertime: 0 });
    const review = await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-course-01-final');
    expect(review.data.questions.map((q: { isRight: number; userAnswer: string }) => [q.isRight, q.userAnswer])).toEqual([
      [1, 'B'],
      [0, 'A'],
      [1, 'ABD'],
      [0, ''],
    ]);
  });

  it('marks a submission after the deadline plus grace as overtime and never passed', async () => {
    await start(tokens.normal, 'exam-case-04-1');
    // Move the attempt back in time: started 25 minutes ago with a 20-minute limit. The submission
    // arrives before anything else touched the attempt (a tab left open: nothing closed it yet).
    const past = (m: number) => new Date(Date.now() - m * 60_000);
    await t.database.db
      .updateTable('exam_attempts')
      .set({ started_at: past(25), deadline_at: past(5) })
      .where('exam_id', '=', 'exam-case-04-1')
      .where('student_id', '=', 'stu-0001')
      .execute();
    const res = await submit(tokens.normal, 'exam-case-04-1', allRight('exam-case-04-1', ['B', 'ACD', 'A', 'B']));
    expect(res.data).toMatchObject({ score: 100, isPass: 0, isOvertime: 1 });
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-04-1')).data).toMatchObject({
      isOvertime: 1,
      isTimeout: 0,
      status: 2,
    });
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-04&nodeId=' + (await nodeOf('exam-case-04-1')))).data).toMatchObject(
      { status: 2, attempt: null },
    );
  });

  it('accepts a submission within the grace period as on time', async () => {
    await start(tokens.normal, 'exam-course-07-mid'); // untimed: give it a deadline 10 s ago to test the grace
    await t.database.db
      .updateTable('exam_attempts')
      .set({ deadline_at: new Date(Date.now() - 10_000) })
      .where('exam_id', '=', 'exam-course-07-mid')
      .where('student_id', '=', 'stu-0001')
      .execute();
    expect((await submit(tokens.normal, 'exam-course-07-mid', allRight('exam-course-07-mid', ['B', 'ABD', 'A', 'B']))).data).toMatchObject({
      score: 100,
      isPass: 1,
      isOvertime: 0,
    });
  });

  it('keeps each student’s attempt their own', async () => {
    // The graduated student signs up for course-13 and starts its exam; the normal student's paper stays unstarted.
    await call(t.app, tokens.graduated, { method: 'PUT', url: '/api/course/custOfficialCourseSign/courseSignUp?courseId=course-13' });
    expect((await start(tokens.graduated, 'exam-course-13-unit')).data.status).toBe(1);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getCourseExam?examId=exam-course-13-unit')).data).toMatchObject({ status: 0, attempt: null });
    expect((await submit(tokens.normal, 'exam-course-13-unit', allRight('exam-course-13-unit', ['A', 'ABD', 'B', 'A']))).data.score).toBe(100);
    expect((await get(tokens.graduated, '/api/course/nodeTestUser/getUserExam?examId=exam-course-13-unit')).resultCode).toBe(404);
    expect((await submit(tokens.graduated, 'exam-course-13-unit', [])).data).toMatchObject({ score: 0, attemptNo: 1 });
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-course-13-unit')).data.score).toBe(100);
  });
});

async function nodeOf(examId: string): Promise<string> {
  const row = await t.database.db.selectFrom('exams').select('node_id').where('id', '=', examId).executeTakeFirstOrThrow();
  return row.node_id!;
}
