import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, applyTo, call } from '../../../../tests/server/helpers';
import { grade, normalise } from './grading';
import { GRACE_SECONDS, isOvertime, remainingSeconds, summarise } from './policy';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, tokens } = t;
// A node exam is part of studying its case: 李明 applies to case-02 first.
beforeAll(() => applyTo(t.app, tokens.normal, 'case-02'));

const submit = (tok: string | null, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/course/nodeTestUser/submitExam', payload });
const start = (tok: string | null, examId: string) => call(t.app, tok, { method: 'POST', url: '/api/course/nodeTestUser/startExam', payload: { examId } });

describe('grading and policy', () => {
  it('is order-insensitive and all-or-nothing per question', () => {
    expect(normalise('c,a')).toBe('AC');
    const qs = [
      { id: 'a', q_type: 2, answer: 'AC', score: 50 },
      { id: 'b', q_type: 1, answer: 'B', score: 50 },
    ];
    expect(grade(qs, { a: 'CA', b: 'C' }).score).toBe(50);
    expect(grade(qs, { a: 'A' }).score).toBe(0);
    expect(grade([{ id: 't', q_type: 3, answer: 'B', score: 10 }], { t: 'B' }).score).toBe(10);
  });

  it('allows a grace period after the deadline, then marks overtime', () => {
    const deadline = new Date('2026-11-23T10:00:00Z');
    expect(isOvertime(deadline, new Date(deadline.getTime() + GRACE_SECONDS * 1000))).toBe(false);
    expect(isOvertime(deadline, new Date(deadline.getTime() + GRACE_SECONDS * 1000 + 1))).toBe(true);
    expect(isOvertime(null, new Date('2030-01-01'))).toBe(false);
    expect(remainingSeconds(deadline, new Date(deadline.getTime() - 61_500))).toBe(61);
    expect(remainingSeconds(deadline, new Date(deadline.getTime() + 5000))).toBe(0);
  });

  it('summarises attempts into a status and whether another start is allowed', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const base = { started_at: now, deadline_at: null, score: null, passed: null, overtime: 0, timed_out: 0 };
    expect(summarise([], 1, now)).toMatchObject({ status: 0, canStart: true, attemptCount: 0 });
    expect(summarise([{ ...base, attempt_no: 1, submitted_at: null }], 1, now)).toMatchObject({ status: 1, canStart: true });
    expect(summarise([{ ...base, attempt_no: 1, submitted_at: null, deadline_at: new Date(now.getTime() - 60_000) }], 1, now).status).toBe(3);
    const done = { ...base, attempt_no: 1, submitted_at: now, score: 50, passed: 0 };
    expect(summarise([done], 1, now)).toMatchObject({ status: 2, canStart: false, attemptCount: 1, last: { score: 50 } });
    expect(summarise([done], 2, now).canStart).toBe(true);
    // Closed by the server at the deadline: 已超时, counted as a used attempt.
    expect(summarise([{ ...done, timed_out: 1 }], 1, now)).toMatchObject({ status: 3, canStart: false, attemptCount: 1, open: null });
  });
});

describe('node exams', () => {
  it('serves questions without answers', async () => {
    const body = await get(tokens.normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002');
    expect(body.data).toMatchObject({
      examId: 'exam-case-02-1',
      examType: 1,
      totalScore: 100,
      isSubmit: 0,
      status: 0,
      timeLimit: 0,
      maxAttempts: 1,
      attempt: null,
    });
    expect(body.data.questions).toHaveLength(4);
    expect(JSON.stringify(body.data)).not.toMatch(/"(answer|rightAnswer|analysis)"/);
    expect(body.data.questions.map((q: { qType: number }) => q.qType)).toEqual([1, 2, 3, 3]);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=nope')).resultCode).toBe(404);
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02')).resultCode).toBe(400);
    expect((await get(null, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002')).resultCode).toBe(40101);
  });

  it("reads the node exam and its questions from the cache, and a teacher's change reaches the next paper", async () => {
    const url = '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002';
    const paper = (await get(tokens.normal, url)).data;
    const cached = t.app.contentCache;
    expect(cached.peek('node-exam:case-02:case-02-n002')).toBeDefined();
    expect(cached.peek('exam-questions:exam-case-02-1')).toBeDefined();
    const first = paper.questions[0] as { questionId: string; stem: string; score: number };
    const db = t.database.db;
    await db
      .updateTable('exam_questions')
      .set({ stem: '已改过的题干', score: first.score + 5 })
      .where('id', '=', first.questionId)
      .execute();
    try {
      // the exam_questions trigger's NOTIFY drops both entries, in this process as in every other
      await vi.waitFor(() => expect(cached.peek('exam-questions:exam-case-02-1') ?? cached.peek('node-exam:case-02:case-02-n002')).toBeUndefined(), {
        timeout: 5000,
      });
      const again = (await get(tokens.normal, url)).data;
      expect(again.questions[0]).toMatchObject({ questionId: first.questionId, stem: '已改过的题干', score: first.score + 5 });
      expect(again.totalScore).toBe(paper.totalScore + 5);
    } finally {
      await db.updateTable('exam_questions').set({ stem: first.stem, score: first.score }).where('id', '=', first.questionId).execute();
    }
  });

  it('grades on the server; the result (with answers) only after submission, only for the submitter; one attempt', async () => {
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1')).resultCode).toBe(404);
    const answers = [
      { questionId: 'exam-case-02-1-q1', answer: 'B' },
      { questionId: 'exam-case-02-1-q2', answer: 'DCA' },
      { questionId: 'exam-case-02-1-q3', answer: 'B' },
      { questionId: 'exam-case-02-1-q4', answer: 'B' },
    ];
    expect((await submit(tokens.normal, { examId: 'exam-case-02-1', answers })).data).toMatchObject({
      examId: 'exam-case-02-1',
      score: 75,
      totalScore: 100,
      isPass: 1,
      isOvertime: 0,
      attemptNo: 1,
    });
    const result = await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1');
    expect(result.data).toMatchObject({ score: 75, isPass: 1, status: 2, attemptCount: 1, canStart: 0 });
    expect(result.data.questions[1]).toMatchObject({ rightAnswer: 'ACD', userAnswer: 'ACD', isRight: 1 });
    expect(result.data.questions[2]).toMatchObject({ rightAnswer: 'A', userAnswer: 'B', isRight: 0, analysis: expect.any(String) });
    // Another student sees nothing of it, and their own paper is untouched by it.
    expect((await get(tokens.graduated, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1')).resultCode).toBe(404);
    expect((await get(tokens.graduated, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002')).data).toMatchObject({
      status: 0,
      isSubmit: 0,
    });
    // One graded attempt: a second submit or start is refused.
    expect(await submit(tokens.normal, { examId: 'exam-case-02-1', answers })).toMatchObject({ resultCode: 403, errMsg: '您已完成该考试，不能再次作答' });
    expect((await start(tokens.normal, 'exam-case-02-1')).resultCode).toBe(403);
    expect((await submit(tokens.normal, { examId: 'exam-case-02-1', answers: 'all A' })).resultCode).toBe(400);
    expect((await submit(tokens.normal, { examId: 'exam-case-02-1', answers: [{ questionId: 'x', answer: '<script>' }] })).resultCode).toBe(400);
    expect((await submit(tokens.normal, { examId: 'nope', answers: [] })).resultCode).toBe(404);
  });

  it('allows a retake where the exam says so, and reviews the latest attempt', async () => {
    const before = await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-04-2');
    expect(before.data).toMatchObject({ score: 50, isPass: 0, attemptCount: 1, maxAttempts: 2, canStart: 1 });
    const all = ['q1', 'q2', 'q3', 'q4'].map((q, i) => ({ questionId: `exam-case-04-2-${q}`, answer: ['B', 'ACD', 'A', 'B'][i]! }));
    expect((await start(tokens.normal, 'exam-case-04-2')).data).toMatchObject({ status: 1, attempt: { attemptNo: 2, remainingSeconds: null } });
    expect((await submit(tokens.normal, { examId: 'exam-case-04-2', answers: all })).data).toMatchObject({ score: 100, isPass: 1, attemptNo: 2 });
    expect((await get(tokens.normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-04-2')).data).toMatchObject({
      score: 100,
      attemptNo: 2,
      attemptCount: 2,
      canStart: 0,
    });
    expect((await start(tokens.normal, 'exam-case-04-2')).resultCode).toBe(403);
  });

  it('refuses graduated students', async () => {
    expect((await get(tokens.graduated, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=case-01-n002')).resultCode).toBe(403);
    expect((await submit(tokens.graduated, { examId: 'exam-case-01-1', answers: [] })).resultCode).toBe(403);
    expect((await start(tokens.graduated, 'exam-case-01-1')).resultCode).toBe(403);
  });
});
