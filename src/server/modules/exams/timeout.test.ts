import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';
import { closeOverdueAttempts } from './timeout';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, post, tokens } = t;
const STUDENT = 'stu-0001';

type Answer = { questionId: string; answer: string };
const keyed = (examId: string, keys: string[]): Answer[] => keys.map((answer, i) => ({ questionId: `${examId}-q${i + 1}`, answer }));
const start = (tok: string | null, examId: string) => post(tok, '/api/course/nodeTestUser/startExam', { examId });
const save = (tok: string | null, examId: string, answers: Answer[]) => post(tok, '/api/course/nodeTestUser/saveAnswers', { examId, answers });
const submit = (tok: string | null, examId: string, answers: Answer[]) => post(tok, '/api/course/nodeTestUser/submitExam', { examId, answers });
const paper = (examId: string) => get(tokens.normal, `/api/course/nodeTestUser/getCourseExam?examId=${examId}`);
const review = (examId: string) => get(tokens.normal, `/api/course/nodeTestUser/getUserExam?examId=${examId}`);
const attempts = (examId: string) =>
  t.database.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', examId).where('student_id', '=', STUDENT).orderBy('attempt_no').execute();
/** Moves the open attempt's deadline `seconds` into the past. */
const expire = (examId: string, seconds: number) =>
  t.database.db
    .updateTable('exam_attempts')
    .set({ deadline_at: new Date(Date.now() - seconds * 1000) })
    .where('exam_id', '=', examId)
    .where('student_id', '=', STUDENT)
    .where('submitted_at', 'is', null)
    .execute();
const limit = (examId: string, minutes: number) => t.database.db.updateTable('exams').set({ time_limit: minutes }).where('id', '=', examId).execute();

describe('attempts whose time ran out', () => {
  it('closes an abandoned attempt on the first read: nothing saved is 0 分, 已超时, stamped at the deadline, a used attempt', async () => {
    expect((await attempts('exam-prac-01-1'))[0]).toMatchObject({ submitted_at: null, timed_out: 0 });
    const r = await review('exam-prac-01-1');
    expect(r.data).toMatchObject({ status: 3, isTimeout: 1, isOvertime: 0, score: 0, isPass: 0, attemptNo: 1, attemptCount: 1, canStart: 0, attempt: null });
    expect(r.data.questions.every((q: { userAnswer: string }) => q.userAnswer === '')).toBe(true);
    const [row] = await attempts('exam-prac-01-1');
    expect(row).toMatchObject({ timed_out: 1, score: 0, passed: 0 });
    expect(row!.submitted_at!.getTime()).toBe(row!.deadline_at!.getTime());
    expect(await start(tokens.normal, 'exam-prac-01-1')).toMatchObject({ resultCode: 403, errMsg: '您已完成该考试，不能再次作答' });
  });

  it('grades the answers saved during the attempt, as the hand-in at zero would have', async () => {
    await start(tokens.normal, 'exam-course-01-final');
    const given = keyed('exam-course-01-final', ['B', 'B', 'DBA', '']);
    expect(await save(tokens.normal, 'exam-course-01-final', given)).toMatchObject({ resultCode: 200, data: { attemptNo: 1 } });
    // Another device resumes them from the paper.
    expect((await paper('exam-course-01-final')).data.attempt.answers).toMatchObject({ 'exam-course-01-final-q1': 'B', 'exam-course-01-final-q3': 'DBA' });

    await expire('exam-course-01-final', 60);
    expect((await paper('exam-course-01-final')).data).toMatchObject({
      status: 3,
      isTimeout: 1,
      attempt: null,
      score: 75,
      isPass: 1,
      attemptCount: 1,
      canStart: 0,
      questions: [],
    });
    const r = await review('exam-course-01-final');
    expect(r.data.questions.map((q: { userAnswer: string }) => q.userAnswer)).toEqual(['B', 'B', 'ABD', '']);
    // Nothing more can be added or handed in.
    expect(await save(tokens.normal, 'exam-course-01-final', keyed('exam-course-01-final', ['B', 'B', 'ABD', 'A']))).toMatchObject({
      resultCode: 409,
      errMsg: '该次作答已结束',
    });
    expect(await submit(tokens.normal, 'exam-course-01-final', keyed('exam-course-01-final', ['B', 'B', 'ABD', 'A']))).toMatchObject({
      resultCode: 409,
      errMsg: '该次作答已结束',
    });
    expect((await review('exam-course-01-final')).data.score).toBe(75);
  });

  it('keeps the attempt open through the grace period, then refuses a late save and closes it', async () => {
    const nodeId = (await t.database.db.selectFrom('exams').select('node_id').where('id', '=', 'exam-case-04-1').executeTakeFirstOrThrow()).node_id!;
    const nodePaper = () => get(tokens.normal, `/api/course/nodeTestUser/getExamByNodeId?caseId=case-04&nodeId=${nodeId}`);
    await start(tokens.normal, 'exam-case-04-1');
    await expire('exam-case-04-1', 10);
    expect((await nodePaper()).data).toMatchObject({ status: 1, attempt: { remainingSeconds: 0 } });
    expect((await save(tokens.normal, 'exam-case-04-1', keyed('exam-case-04-1', ['B']))).resultCode).toBe(200);
    await expire('exam-case-04-1', 45);
    expect((await save(tokens.normal, 'exam-case-04-1', keyed('exam-case-04-1', ['B', 'ACD', 'A', 'B']))).resultCode).toBe(409);
    // The refused save closed it, graded on what was saved in time (1 of 4 right).
    expect((await attempts('exam-case-04-1'))[0]).toMatchObject({ timed_out: 1, score: 25, passed: 0 });
    expect((await nodePaper()).data).toMatchObject({ status: 3, score: 25, isPass: 0, attempt: null });
  });

  it('lets the next attempt start after a time-out where the exam allows retakes', async () => {
    await limit('exam-course-01-mid', 10); // 2 attempts allowed
    expect((await start(tokens.normal, 'exam-course-01-mid')).data).toMatchObject({ attempt: { attemptNo: 1 } });
    await expire('exam-course-01-mid', 120);
    const next = await start(tokens.normal, 'exam-course-01-mid');
    expect(next.data).toMatchObject({ status: 1, attemptCount: 1, attempt: { attemptNo: 2 } });
    expect(next.data.attempt.remainingSeconds).toBeGreaterThan(9 * 60);
    expect((await attempts('exam-course-01-mid')).map((a) => [a.attempt_no, a.timed_out, a.submitted_at === null])).toEqual([
      [1, 1, false],
      [2, 0, true],
    ]);
  });

  it('closes an attempt exactly once, however many requests race for it', async () => {
    await limit('exam-course-07-mid', 5);
    await start(tokens.normal, 'exam-course-07-mid');
    await save(tokens.normal, 'exam-course-07-mid', keyed('exam-course-07-mid', ['B', 'ABD']));
    await expire('exam-course-07-mid', 60);
    const closed = await Promise.all([1, 2, 3, 4].map(() => closeOverdueAttempts(t.database.db, STUDENT)));
    expect(closed.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await attempts('exam-course-07-mid'))[0]).toMatchObject({ timed_out: 1, score: 50 });

    // Reads and a late hand-in at once: either the hand-in grades it (超时提交) or a read closed it
    // first and the hand-in gets 409 — never both, never a second attempt.
    await limit('exam-case-04-2', 10); // one graded attempt of two so far
    expect((await start(tokens.normal, 'exam-case-04-2')).data.attempt.attemptNo).toBe(2);
    await expire('exam-case-04-2', 60);
    const [handIn] = await Promise.all([
      submit(tokens.normal, 'exam-case-04-2', keyed('exam-case-04-2', ['B', 'ACD', 'A', 'B'])),
      review('exam-case-04-2'),
      get(tokens.normal, '/api/course/nodeTestUser/queryExamPage?currentNum=1&currentSize=20'),
      start(tokens.normal, 'exam-case-04-2'),
    ]);
    const rows = await attempts('exam-case-04-2');
    expect(rows).toHaveLength(2);
    const second = rows[1]!;
    expect(second.submitted_at).not.toBeNull();
    if (handIn.resultCode === 200) expect(second).toMatchObject({ overtime: 1, timed_out: 0, score: 100, passed: 0 });
    else expect([handIn.resultCode, second.timed_out, second.overtime]).toEqual([409, 1, 0]);
  });

  it('validates saves and keeps them to the student’s own open attempt', async () => {
    expect((await save(null, 'exam-course-13-unit', [])).resultCode).toBe(40101);
    expect((await save(tokens.normal, 'exam-course-13-unit', [{ questionId: 'q', answer: '<b>' }])).resultCode).toBe(400);
    expect((await post(tokens.normal, '/api/course/nodeTestUser/saveAnswers', { examId: 'exam-course-13-unit' })).resultCode).toBe(400);
    expect((await save(tokens.normal, 'nope', [])).resultCode).toBe(404);
    expect((await save(tokens.normal, 'exam-course-03-final', [])).resultCode).toBe(403); // not signed up
    expect((await save(tokens.normal, 'exam-course-13-unit', [])).resultCode).toBe(409); // not started

    await start(tokens.normal, 'exam-course-13-unit');
    await save(tokens.normal, 'exam-course-13-unit', keyed('exam-course-13-unit', ['A']));
    // Another student signed up for the course saves into their own (absent) attempt, not this one.
    expect((await call(t.app, tokens.graduated, { method: 'PUT', url: '/api/course/custOfficialCourseSign/courseSignUp?courseId=course-13' })).resultCode).toBe(
      200,
    );
    expect((await save(tokens.graduated, 'exam-course-13-unit', keyed('exam-course-13-unit', ['B']))).resultCode).toBe(409);
    expect(JSON.parse((await attempts('exam-course-13-unit'))[0]!.answers)).toEqual({ 'exam-course-13-unit-q1': 'A' });
  });
});
