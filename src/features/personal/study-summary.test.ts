// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { completionSummary, dailySummary, durationText, shortDay } from './study-summary';

describe('study summaries', () => {
  it('formats durations and axis days', () => {
    expect(durationText(45)).toBe('45 分钟');
    expect(durationText(120)).toBe('2 小时');
    expect(durationText(205)).toBe('3 小时 25 分钟');
    expect(shortDay('2026-11-23')).toBe('11-23');
  });

  it('says in one sentence what the daily chart shows', () => {
    const days = [
      { day: '2026-11-21', minutes: 30 },
      { day: '2026-11-22', minutes: 0 },
      { day: '2026-11-23', minutes: 95 },
    ];
    expect(dailySummary({ days, totalMinutes: 125, studyDays: 2 })).toBe(
      '2026-11-21 至 2026-11-23 共学习 2 小时 5 分钟，其中 2 天有学习记录；最长一天为 2026-11-23，1 小时 35 分钟。',
    );
    expect(dailySummary({ days: [{ day: '2026-11-23', minutes: 0 }], totalMinutes: 0, studyDays: 0 })).toBe(
      '2026-11-23 至 2026-11-23 共学习 0 分钟，其中 0 天有学习记录。',
    );
    expect(dailySummary({ days: [], totalMinutes: 0, studyDays: 0 })).toBe('暂无学习时长数据');
  });

  it('and what the completion chart shows', () => {
    expect(completionSummary([{ courseId: 'c', name: 'Python', learnt: 2, total: 9, percent: 22 }])).toBe('课程完成度：Python 22%（2/9 节）。');
    expect(completionSummary([])).toBe('暂无已报名课程');
  });
});
