import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app';
import { GRADUATED, call, login } from '../../../../tests/server/helpers';
import { grade, normalise } from './grading';

let t: TestApp;
let normal: string;
let graduated: string;
beforeAll(async () => {
  t = await createTestApp();
  [normal, graduated] = await Promise.all([login(t.app), login(t.app, GRADUATED)]);
});
afterAll(async () => t.close());

const get = (tok: string | null, url: string) => call(t.app, tok, { method: 'GET', url });
const submit = (tok: string | null, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/course/nodeTestUser/submitExam', payload });

describe('grading', () => {
  it('is order-insensitive and all-or-nothing per question', () => {
    expect(normalise('c,a')).toBe('AC');
    const qs = [{ id: 'a', q_type: 2, answer: 'AC', score: 50 }, { id: 'b', q_type: 1, answer: 'B', score: 50 }];
    expect(grade(qs, { a: 'CA', b: 'C' }).score).toBe(50);
    expect(grade(qs, { a: 'A' }).score).toBe(0);
  });
});

describe('node exams', () => {
  it('serves questions without answers', async () => {
    const body = await get(normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002');
    expect(body.data).toMatchObject({ examId: 'exam-case-02-1', totalScore: 100, isSubmit: 0 });
    expect(body.data.questions).toHaveLength(4);
    expect(JSON.stringify(body.data)).not.toMatch(/"(answer|rightAnswer|analysis)"/);
    expect(body.data.questions.map((q: { qType: number }) => q.qType)).toEqual([1, 2, 3, 3]);
    expect((await get(normal, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=nope')).resultCode).toBe(404);
    expect((await get(null, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=case-02-n002')).resultCode).toBe(40101);
  });

  it('grades on the server; the result (with answers) only after submission, only for the submitter', async () => {
    expect((await get(normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1')).resultCode).toBe(404);
    const answers = [
      { questionId: 'exam-case-02-1-q1', answer: 'B' },
      { questionId: 'exam-case-02-1-q2', answer: 'DCA' },
      { questionId: 'exam-case-02-1-q3', answer: 'B' },
      { questionId: 'exam-case-02-1-q4', answer: 'B' },
    ];
    expect((await submit(normal, { examId: 'exam-case-02-1', answers })).data).toEqual({ examId: 'exam-case-02-1', score: 75, totalScore: 100, isPass: 1 });
    const result = await get(normal, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1');
    expect(result.data).toMatchObject({ score: 75, isPass: 1 });
    expect(result.data.questions[2]).toMatchObject({ rightAnswer: 'A', userAnswer: 'B', isRight: 0, analysis: expect.any(String) });
    expect((await get(graduated, '/api/course/nodeTestUser/getUserExam?examId=exam-case-02-1')).resultCode).toBe(404);
    expect((await submit(normal, { examId: 'exam-case-02-1', answers: 'all A' })).resultCode).toBe(400);
    expect((await submit(normal, { examId: 'nope', answers: [] })).resultCode).toBe(404);
  });

  it('refuses graduated students', async () => {
    expect((await get(graduated, '/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=case-01-n002')).resultCode).toBe(403);
    expect((await submit(graduated, { examId: 'exam-case-01-1', answers: [] })).resultCode).toBe(403);
  });
});
