import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../app/router/hash-location';
import { courseExam, courseExams, type Paper } from './api';
import { CourseAnswer } from './CourseAnswer';
import { CourseExam } from './CourseExam';

// Issue 31 (outside walk): a bad courseId showed only 重试, and courseAnswer showed another course's result.
vi.mock('./api', () => ({ courseExams: vi.fn(), courseExam: vi.fn(), pageExams: vi.fn(), examReview: vi.fn(), startExam: vi.fn() }));

const inRouter = (hash: string, ui: React.ReactNode) => {
  window.location.hash = hash;
  return render(
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      {ui}
    </Router>,
  );
};

afterEach(() => {
  window.location.hash = '';
  vi.clearAllMocks();
});

const paper = (courseId: string): Paper => ({
  examId: 'exam-course-01-final',
  examType: 2,
  title: '课程一期末考试',
  intro: '',
  sourceName: '课程一',
  sourceKind: 'course',
  caseId: '',
  nodeId: '',
  courseId,
  questionCount: 1,
  totalScore: 100,
  passScore: 60,
  timeLimit: 0,
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
  questions: [],
});

describe('course exam screens refused by the address', () => {
  it('says 课程不存在 as the heading with the way back to the list for a bad courseId, not 重试', async () => {
    vi.mocked(courseExams).mockResolvedValue({ resultCode: 404, errMsg: '课程不存在', data: null as never });
    inRouter('#/exam/courseExam?courseId=nope', <CourseExam />);
    expect(await screen.findByRole('heading', { level: 1, name: '课程不存在' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '返回课程考试' }).getAttribute('href')).toBe('/exam/courseExam');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('refuses an exam of another course than the address names instead of showing it (and its result)', async () => {
    vi.mocked(courseExam).mockResolvedValue({ resultCode: 200, errMsg: '', data: paper('course-01') });
    inRouter('#/exam/courseAnswer?courseId=course-02&examId=exam-course-01-final', <CourseAnswer />);
    expect(await screen.findByRole('heading', { level: 1, name: '考试不存在' })).toBeTruthy();
    expect(screen.queryByText('课程一期末考试')).toBeNull();
    expect(screen.getByRole('link', { name: '返回课程考试' })).toBeTruthy();
  });

  it('shows the exam under its own course', async () => {
    vi.mocked(courseExam).mockResolvedValue({ resultCode: 200, errMsg: '', data: paper('course-01') });
    inRouter('#/exam/courseAnswer?courseId=course-01&examId=exam-course-01-final', <CourseAnswer />);
    expect(await screen.findByRole('heading', { level: 1, name: '课程一期末考试' })).toBeTruthy();
  });

  // Outside walk: courseAnswer without an examId said only a line of text, with no way back.
  it('says 缺少考试信息 with the way back to 课程考试 when the address names no exam', async () => {
    inRouter('#/exam/courseAnswer?courseId=nope', <CourseAnswer />);
    expect(await screen.findByRole('heading', { level: 1, name: '缺少考试信息' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回课程考试' }).getAttribute('href')).toBe('/exam/courseExam');
    expect(courseExam).not.toHaveBeenCalled();
  });
});
