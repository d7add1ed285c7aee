import type { StudyStats } from './api';

/** "3 小时 25 分钟" / "45 分钟". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} 分钟`;
  return m === 0 ? `${h} 小时` : `${h} 小时 ${m} 分钟`;
}

/** "11-23" from "2026-11-23" (axis labels). */
export const shortDay = (day: string) => day.slice(5);

/** One sentence a screen reader hears instead of the bar chart of daily minutes. */
export function dailySummary(stats: Pick<StudyStats, 'days' | 'totalMinutes' | 'studyDays'>): string {
  if (stats.days.length === 0) return '暂无学习时长数据';
  const best = stats.days.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  const first = stats.days[0]!.day;
  const last = stats.days.at(-1)!.day;
  const parts = [`${first} 至 ${last} 共学习 ${durationText(stats.totalMinutes)}，其中 ${stats.studyDays} 天有学习记录`];
  if (best.minutes > 0) parts.push(`最长一天为 ${best.day}，${durationText(best.minutes)}`);
  return `${parts.join('；')}。`;
}

/** The same for the completion chart. */
export function completionSummary(courses: StudyStats['courses']): string {
  if (courses.length === 0) return '暂无已报名课程';
  return `课程完成度：${courses.map((c) => `${c.name} ${c.percent}%（${c.learnt}/${c.total} 节）`).join('，')}。`;
}
