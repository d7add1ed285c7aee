// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canSubmit, daysLeft, deadlineNote, taskStatusLabel } from './task-status';

describe('task status', () => {
  it('labels every status and unknown ones', () => {
    expect([0, 1, 2, 3, 4].map(taskStatusLabel)).toEqual(['未开始', '进行中', '已提交', '已批阅', '已逾期']);
    expect(taskStatusLabel(9)).toBe('未知');
  });

  it('allows a submission (or a new one) only before review and deadline', () => {
    expect([0, 1, 2, 3, 4].map(canSubmit)).toEqual([true, true, true, false, false]);
  });

  it('tells the days left before the deadline of an open task', () => {
    const now = new Date('2026-11-22T10:00:00');
    expect(daysLeft('2026-11-25 10:00:00', now)).toBe(3);
    expect(deadlineNote(1, '2026-11-25 10:00:00', now)).toBe('剩余3天');
    expect(deadlineNote(0, '2026-11-22 23:59:59', now)).toBe('今日截止');
    expect(deadlineNote(1, '2026-11-21 23:59:59', now)).toBe('已截止');
    expect(deadlineNote(2, '2026-11-25 10:00:00', now)).toBe('');
    expect(deadlineNote(1, '', now)).toBe('');
  });
});
