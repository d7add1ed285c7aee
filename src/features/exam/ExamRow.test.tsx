import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamSummary } from './api';
import { ExamRow } from './ExamRow';

const exam: ExamSummary = {
  examId: 'exam-course-03-final',
  examType: 2,
  title: '期末考试',
  intro: '',
  sourceName: '课程',
  sourceKind: 'course',
  caseId: '',
  nodeId: '',
  courseId: 'course-03',
  questionCount: 4,
  totalScore: 100,
  passScore: 60,
  timeLimit: 30,
  maxAttempts: 1,
  attemptCount: 0,
  status: 0,
  canStart: 1,
  isSubmit: 0,
  score: null,
  isPass: null,
  isOvertime: 0,
  isTimeout: 0,
  submitTime: '',
  attempt: null,
};

describe('ExamRow', () => {
  it('names where the exam belongs: a course, a project case or a practice item', () => {
    const { rerender } = render(
      <ul>
        <ExamRow exam={exam} />
      </ul>,
    );
    expect(screen.getByText('课程：课程')).toBeTruthy();
    rerender(
      <ul>
        <ExamRow exam={{ ...exam, examType: 1, sourceKind: 'practice', sourceName: '电商用户画像' }} />
      </ul>,
    );
    expect(screen.getByText('实践训练：电商用户画像')).toBeTruthy();
    rerender(
      <ul>
        <ExamRow exam={{ ...exam, examType: 1, sourceKind: 'case', sourceName: '智慧校园' }} />
      </ul>,
    );
    expect(screen.getByText('项目案例：智慧校园')).toBeTruthy();
  });

  it('links the title and the next action to the paper', () => {
    render(
      <ul>
        <ExamRow exam={exam} />
      </ul>,
    );
    expect(screen.getByRole('link', { name: '开始考试：期末考试' }).getAttribute('href')).toContain(
      '/exam/courseAnswer?courseId=course-03&examId=exam-course-03-final',
    );
    expect(screen.getByRole('link', { name: '期末考试' })).toBeTruthy();
  });

  it('shows why instead of a start link while the exam is locked (not signed up)', () => {
    render(
      <ul>
        <ExamRow exam={exam} locked="报名课程后可参加" />
      </ul>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('开始考试')).toBeNull();
    expect(screen.getByText('报名课程后可参加')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '期末考试' })).toBeTruthy();
  });
});
