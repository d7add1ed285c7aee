// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLabel, answerHref, attemptsLeft, keysText, resultText, STATUS_LABELS, timeLimitText } from './exam-status';

const tf = [
  { key: 'A', text: '正确' },
  { key: 'B', text: '错误' },
];

describe('exam status display', () => {
  it('labels every status and time limit', () => {
    expect(Object.values(STATUS_LABELS)).toEqual(['未开始', '进行中', '已完成', '已超时']);
    expect(timeLimitText(0)).toBe('不限时');
    expect(timeLimitText(30)).toBe('限时 30 分钟');
  });

  it('shows the score with pass state and overtime only once graded', () => {
    expect(resultText({ status: 2, score: 75, isPass: 1, isOvertime: 0, isTimeout: 0 })).toBe('75 分 · 通过');
    expect(resultText({ status: 2, score: 100, isPass: 0, isOvertime: 1, isTimeout: 0 })).toBe('100 分 · 未通过 · 超时提交');
    expect(resultText({ status: 3, score: 0, isPass: 0, isOvertime: 0, isTimeout: 1 })).toBe('0 分 · 未通过 · 超时自动交卷');
    expect(resultText({ status: 1, score: null, isPass: null, isOvertime: 0, isTimeout: 0 })).toBe('');
  });

  it('offers the right next step', () => {
    expect(actionLabel({ status: 0, canStart: 1 })).toBe('开始考试');
    expect(actionLabel({ status: 1, canStart: 1 })).toBe('继续作答');
    expect(actionLabel({ status: 3, canStart: 0 })).toBe('查看成绩');
    expect(actionLabel({ status: 2, canStart: 0 })).toBe('查看成绩');
    expect(attemptsLeft({ maxAttempts: 2, attemptCount: 1 })).toBe(1);
    expect(attemptsLeft({ maxAttempts: 1, attemptCount: 3 })).toBe(0);
  });

  it('links node exams to Answer and course exams to CourseAnswer', () => {
    expect(answerHref({ examType: 1, examId: 'e1', caseId: 'case-01', nodeId: 'n1', courseId: '' })).toBe('/exam/answer?caseId=case-01&nodeId=n1');
    expect(answerHref({ examType: 2, examId: 'e2', caseId: '', nodeId: '', courseId: 'course-01' })).toBe('/exam/courseAnswer?courseId=course-01&examId=e2');
  });

  it('reads answers as people say them', () => {
    expect(keysText('', tf, 3)).toBe('未作答');
    expect(keysText('B', tf, 3)).toBe('错误');
    expect(keysText('ACD', [], 2)).toBe('A、C、D');
  });
});
