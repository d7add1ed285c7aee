import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAnswers, submitExam, type Paper } from './api';
import { draftKey } from './answer-state';
import { AnswerForm } from './AnswerForm';

vi.mock('./api', () => ({ submitExam: vi.fn(), saveAnswers: vi.fn() }));

const tf = [
  { key: 'A', text: '正确' },
  { key: 'B', text: '错误' },
];
const paper = (remainingSeconds: number | null, answers: Record<string, string> = {}): Paper => ({
  examId: 'e1',
  examType: 1,
  title: '测验',
  intro: '',
  sourceName: '案例',
  sourceKind: 'case',
  caseId: 'c',
  nodeId: 'n',
  courseId: '',
  questionCount: 2,
  totalScore: 50,
  passScore: 30,
  timeLimit: remainingSeconds === null ? 0 : 1,
  maxAttempts: 1,
  attemptCount: 0,
  status: 1,
  canStart: 1,
  isSubmit: 0,
  score: null,
  isPass: null,
  isOvertime: 0,
  isTimeout: 0,
  submitTime: '',
  attempt: { attemptNo: 1, startTime: '', deadline: '', remainingSeconds, answers },
  questions: [
    { questionId: 'q1', qType: 3, stem: '第一题', options: tf, score: 25 },
    {
      questionId: 'q2',
      qType: 2,
      stem: '第二题',
      options: [
        { key: 'A', text: '甲' },
        { key: 'B', text: '乙' },
      ],
      score: 25,
    },
  ],
});
const KEY = draftKey('anon', 'e1', 1);
const ok = {
  resultCode: 200,
  errMsg: '',
  data: { examId: 'e1', score: 25, totalScore: 50, isPass: 0 as const, isOvertime: 0 as const, attemptNo: 1, submitTime: '' },
};

beforeEach(() => {
  localStorage.clear();
  vi.mocked(submitExam).mockReset();
  vi.mocked(saveAnswers)
    .mockReset()
    .mockResolvedValue({ resultCode: 200, errMsg: '', data: { examId: 'e1', attemptNo: 1, savedAt: '' } });
});
afterEach(() => vi.useRealTimers());

describe('AnswerForm', () => {
  it('restores saved answers and saves each change', () => {
    localStorage.setItem(KEY, JSON.stringify({ q2: 'B' }));
    render(<AnswerForm paper={paper(null)} onSubmitted={vi.fn()} />);
    expect((screen.getByRole('checkbox', { name: /乙/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('已答 1 / 2 题')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '错误' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /甲/ }));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ q1: 'B', q2: 'AB' });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('asks before submitting, then submits every answer and clears the draft', async () => {
    vi.mocked(submitExam).mockResolvedValue(ok);
    const onSubmitted = vi.fn();
    render(<AnswerForm paper={paper(null)} onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    const dialog = screen.getByRole('alertdialog', { name: '确认交卷' });
    expect(within(dialog).getByText(/还有 1 道题未作答/)).toBeTruthy();
    expect(submitExam).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '确认交卷' })));
    expect(submitExam).toHaveBeenCalledWith(
      'e1',
      [
        { questionId: 'q1', answer: 'A' },
        { questionId: 'q2', answer: '' },
      ],
      1,
    );
    expect(onSubmitted).toHaveBeenCalled();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the answers and explains when submitting fails', async () => {
    vi.mocked(submitExam).mockResolvedValue({ resultCode: 403, errMsg: '您已完成该考试，不能再次作答', data: null as never });
    const onSubmitted = vi.fn();
    render(<AnswerForm paper={paper(null)} onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认交卷' })));
    expect(screen.getByRole('alert').textContent).toBe('您已完成该考试，不能再次作答');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ q1: 'A' });
  });

  it('counts down to the server deadline and hands in without asking at zero', async () => {
    vi.useFakeTimers();
    vi.mocked(submitExam).mockResolvedValue(ok);
    const onSubmitted = vi.fn();
    render(<AnswerForm paper={paper(65)} onSubmitted={onSubmitted} />);
    expect(screen.getByRole('timer', { name: '剩余时间 1 分 5 秒' }).textContent).toContain('01:05');
    fireEvent.click(screen.getByRole('checkbox', { name: /乙/ }));
    await act(async () => void vi.advanceTimersByTime(65_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(submitExam).toHaveBeenCalledTimes(1);
    expect(submitExam).toHaveBeenCalledWith(
      'e1',
      [
        { questionId: 'q1', answer: '' },
        { questionId: 'q2', answer: 'B' },
      ],
      1,
    );
    expect(onSubmitted).toHaveBeenCalled();
  });

  it('keeps the server’s copy close behind: one save after a quiet moment, and one when the sheet closes', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<AnswerForm paper={paper(600)} onSubmitted={vi.fn()} />);
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(saveAnswers).not.toHaveBeenCalled(); // nothing changed yet
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    await act(async () => void vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('checkbox', { name: /甲/ }));
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(saveAnswers).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(600));
    expect(saveAnswers).toHaveBeenCalledTimes(1);
    expect(saveAnswers).toHaveBeenCalledWith(
      'e1',
      [
        { questionId: 'q1', answer: 'A' },
        { questionId: 'q2', answer: 'A' },
      ],
      1,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /乙/ }));
    unmount();
    expect(saveAnswers).toHaveBeenCalledTimes(2);
    expect(vi.mocked(saveAnswers).mock.calls[1]![1]).toEqual([
      { questionId: 'q1', answer: 'A' },
      { questionId: 'q2', answer: 'AB' },
    ]);
  });

  it('resumes the answers saved on the server when this browser has no draft, without saving them back', async () => {
    vi.useFakeTimers();
    render(<AnswerForm paper={paper(600, { q1: 'B', q2: 'Z', other: 'A' })} onSubmitted={vi.fn()} />);
    expect((screen.getByRole('radio', { name: '错误' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('已答 1 / 2 题')).toBeTruthy(); // an option the paper does not offer is dropped
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(saveAnswers).not.toHaveBeenCalled();
  });

  it('prefers this browser’s draft (never older) over the server’s copy', () => {
    localStorage.setItem(KEY, JSON.stringify({ q1: 'A' }));
    render(<AnswerForm paper={paper(600, { q1: 'B', q2: 'B' })} onSubmitted={vi.fn()} />);
    expect((screen.getByRole('radio', { name: '正确' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /乙/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('a hand-in answered 409 (handed in on another device) never says 交卷成功: the answers stay, the draft too, and it says why', async () => {
    const { toasts } = await import('../../app/ui/toast-store');
    toasts.items.splice(0);
    vi.mocked(submitExam).mockResolvedValue({ resultCode: 409, errMsg: '考试状态已变化，请刷新后重试', data: null as never });
    const onSubmitted = vi.fn();
    render(<AnswerForm paper={paper(600)} onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认交卷' })));
    expect(toasts.items.map((t) => t.message).join()).not.toContain('交卷成功');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('此页的答案没有交上去');
    expect(screen.queryByText('答案已自动保存')).toBeNull();
    expect((screen.getByRole('radio', { name: '正确' }) as HTMLInputElement).checked).toBe(true);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ q1: 'A' });
    fireEvent.click(screen.getByRole('button', { name: '查看成绩' }));
    expect(onSubmitted).toHaveBeenCalled();
  });

  it('a save answered 409 (the attempt closed elsewhere) stops saying 答案已自动保存', async () => {
    vi.useFakeTimers();
    vi.mocked(saveAnswers).mockResolvedValue({ resultCode: 409, errMsg: '考试状态已变化，请刷新后重试', data: null as never });
    render(<AnswerForm paper={paper(600)} onSubmitted={vi.fn()} />);
    expect(screen.getByText('答案已自动保存')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    await act(async () => void vi.advanceTimersByTime(2000));
    expect(saveAnswers).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('答案已自动保存')).toBeNull();
    expect(screen.getByText('本次作答已结束，此页的答案未能保存到服务器')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('此页的答案没有交上去');
    expect(screen.queryByRole('button', { name: '交卷' })).toBeNull();
  });

  it('a save that fails on the network says the answers are only on this device', async () => {
    vi.useFakeTimers();
    vi.mocked(saveAnswers).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<AnswerForm paper={paper(600)} onSubmitted={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: '正确' }));
    await act(async () => void vi.advanceTimersByTime(2000));
    expect(screen.getByText('答案已保存在本机，暂未同步到服务器')).toBeTruthy();
  });

  it('a hand-in answered 409 when the server already holds exactly these answers (time-out graded them) shows the result', async () => {
    vi.mocked(submitExam).mockResolvedValue({ resultCode: 409, errMsg: '', data: null as never });
    const onSubmitted = vi.fn();
    render(<AnswerForm paper={paper(600, { q1: 'A' })} onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认交卷' })));
    expect(onSubmitted).toHaveBeenCalled();
  });
});
