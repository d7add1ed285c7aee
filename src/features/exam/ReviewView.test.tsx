import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from './api';
import { ReviewView } from './ReviewView';

const options = ['甲', '乙', '丙', '丁'].map((text, i) => ({ key: 'ABCD'[i]!, text }));
const review: Review = {
  examId: 'e1',
  examType: 1,
  title: '测验',
  intro: '',
  sourceName: '案例',
  sourceKind: 'case',
  caseId: 'c',
  nodeId: 'n',
  courseId: '',
  questionCount: 3,
  totalScore: 75,
  passScore: 60,
  timeLimit: 0,
  maxAttempts: 2,
  attemptCount: 1,
  status: 2,
  canStart: 1,
  isSubmit: 1,
  score: 50,
  isPass: 0,
  isOvertime: 0,
  isTimeout: 0,
  submitTime: '2026-11-23 10:00:00',
  attempt: null,
  attemptNo: 1,
  startTime: '2026-11-23 09:50:00',
  questions: [
    { questionId: 'q1', qType: 1, stem: '单选题目', options, score: 25, rightAnswer: 'B', userAnswer: 'B', isRight: 1, analysis: '因为乙。' },
    { questionId: 'q2', qType: 2, stem: '多选题目', options, score: 25, rightAnswer: 'ACD', userAnswer: 'AC', isRight: 0, analysis: '' },
    {
      questionId: 'q3',
      qType: 3,
      stem: '判断题目',
      options: [
        { key: 'A', text: '正确' },
        { key: 'B', text: '错误' },
      ],
      score: 25,
      rightAnswer: 'A',
      userAnswer: '',
      isRight: 0,
      analysis: '',
    },
  ],
};

describe('ReviewView', () => {
  it('shows the score, pass state and right/wrong with both answers per question', () => {
    render(<ReviewView review={review} />);
    const region = screen.getByRole('region', { name: '考试成绩' });
    expect(within(region).getByText('50').tagName).toBe('STRONG');
    expect(within(region).getByText(/^未通过（及格 60 分）/)).toBeTruthy();
    expect(within(region).getByText(/答对 1 \/ 3 题/)).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('exam-rq'));
    expect(items.map((li) => within(li).getByText(/^回答(正确|错误)$/).textContent)).toEqual(['回答正确', '回答错误', '回答错误']);
    expect(within(items[1]!).getByText('你的答案：A、C')).toBeTruthy();
    expect(within(items[1]!).getByText('正确答案：A、C、D')).toBeTruthy();
    expect(within(items[2]!).getByText('你的答案：未作答')).toBeTruthy();
    expect(within(items[2]!).getByText('正确答案：正确')).toBeTruthy();
    expect(within(items[0]!).getByText('解析：因为乙。')).toBeTruthy();
  });

  it('offers a retake while attempts remain, and marks overtime', () => {
    const onRetake = vi.fn();
    const { rerender } = render(<ReviewView review={review} onRetake={onRetake} />);
    fireEvent.click(screen.getByRole('button', { name: '重新作答（还可作答 1 次）' }));
    expect(onRetake).toHaveBeenCalled();
    rerender(<ReviewView review={{ ...review, attemptCount: 2, canStart: 0, isOvertime: 1 }} onRetake={onRetake} />);
    expect(screen.queryByRole('button', { name: /重新作答/ })).toBeNull();
    expect(screen.getByText(/超时提交/)).toBeTruthy();
  });

  it('says when the server handed the answers in at the time-out', () => {
    render(<ReviewView review={{ ...review, status: 3, isTimeout: 1, attemptCount: 2, canStart: 0 }} />);
    expect(screen.getByText(/^未通过（及格 60 分） · 超时自动交卷/)).toBeTruthy();
    expect(screen.getByText('考试时间已到而未交卷，系统已按截止前保存的答案自动交卷并评分。')).toBeTruthy();
    expect(screen.queryByText(/超时提交/)).toBeNull();
  });
});
