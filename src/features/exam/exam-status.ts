import { withQuery } from '../../app/router/hash-location';
import type { ExamStatus, ExamSummary, QuestionType } from './api';

export const STATUS_LABELS: Record<ExamStatus, string> = { 0: '未开始', 1: '进行中', 2: '已完成', 3: '已超时' };

export const TYPE_LABELS: Record<QuestionType, string> = { 1: '单选题', 2: '多选题', 3: '判断题' };

export const timeLimitText = (minutes: number) => (minutes > 0 ? `限时 ${minutes} 分钟` : '不限时');

/** The list's result line: score and pass state once graded (also when the time ran out). */
export function resultText(e: Pick<ExamSummary, 'status' | 'score' | 'isPass' | 'isOvertime' | 'isTimeout'>): string {
  if ((e.status !== 2 && e.status !== 3) || e.score === null) return '';
  const parts = [`${e.score} 分`, e.isPass ? '通过' : '未通过'];
  if (e.isTimeout) parts.push(TIMEOUT_TEXT);
  else if (e.isOvertime) parts.push('超时提交');
  return parts.join(' · ');
}

/** An attempt the server closed at the deadline: the student did not hand it in. */
export const TIMEOUT_TEXT = '超时自动交卷';

/** What the row's action does, in the student's words. */
export function actionLabel(e: Pick<ExamSummary, 'status' | 'canStart'>): string {
  if (e.status === 1) return '继续作答';
  // 已超时 is graded like 已完成 (the server closed it); its review offers a retake if one is left.
  if (e.status === 2 || e.status === 3) return '查看成绩';
  return e.canStart ? '开始考试' : '查看';
}

/** Where an exam is taken: node exams on /exam/answer, course exams on /exam/courseAnswer. */
export function answerHref(e: Pick<ExamSummary, 'examType' | 'examId' | 'caseId' | 'nodeId' | 'courseId'>): string {
  return e.examType === 1
    ? withQuery('/exam/answer', { caseId: e.caseId, nodeId: e.nodeId })
    : withQuery('/exam/courseAnswer', { courseId: e.courseId, examId: e.examId });
}

/** Attempts left, as the review's retake button says it. */
export const attemptsLeft = (e: Pick<ExamSummary, 'maxAttempts' | 'attemptCount'>) => Math.max(0, e.maxAttempts - e.attemptCount);

/** Option keys as read aloud: "A、C"; empty means not answered. */
export function keysText(keys: string, options: { key: string; text: string }[], qType: QuestionType): string {
  if (!keys) return '未作答';
  if (qType === 3) return options.find((o) => o.key === keys)?.text ?? keys;
  return keys.split('').join('、');
}
