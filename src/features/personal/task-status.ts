import type { TaskStatus } from './api';

/** Labels of the API's per-student task status (0..4; 4 = overdue, derived by the server). */
export const TASK_STATUS_LABEL: Record<TaskStatus, string> = {
  0: '未开始',
  1: '进行中',
  2: '已提交',
  3: '已批阅',
  4: '已逾期',
};

export function taskStatusLabel(status: number): string {
  return TASK_STATUS_LABEL[status as TaskStatus] ?? '未知';
}

/** A submission is still possible before review and before the deadline (the server checks too). */
export function canSubmit(status: number): boolean {
  return status === 0 || status === 1 || status === 2;
}

/** Whole days from `now` to a 'yyyy-MM-dd HH:mm:ss' deadline (negative once past), or null. */
export function daysLeft(endTime: string, now: Date = new Date()): number | null {
  if (!endTime) return null;
  const end = new Date(endTime.replace(' ', 'T'));
  if (Number.isNaN(end.getTime())) return null;
  return Math.floor((end.getTime() - now.getTime()) / 86_400_000);
}

/** The deadline note beside an open task: 今日截止, 剩余N天, or nothing once it no longer matters. */
export function deadlineNote(status: number, endTime: string, now: Date = new Date()): string {
  if (status !== 0 && status !== 1) return '';
  const d = daysLeft(endTime, now);
  if (d === null) return '';
  if (d < 0) return '已截止';
  return d === 0 ? '今日截止' : `剩余${d}天`;
}
