import type { StudyHistory } from '../../contract/review';
import { recallPercent } from '../../mindmap';

// What the chart of a map's study history (MapHistoryChart.tsx) says in words: the sentence a
// screen reader hears instead of the picture, and the rows of its hidden table.

const percent = recallPercent;

export function historySummary(h: StudyHistory): string {
  const days = h.days;
  if (!days.length) return '暂无学习记录';
  const last = days[days.length - 1];
  const reviews = days.reduce((s, d) => s + d.reviews, 0);
  const recalls = days.reduce((s, d) => s + d.recalls, 0);
  if (!last.learnt && !reviews && !recalls && !h.recallToday) return `近 ${days.length} 天这张导图还没有学习和复习记录`;
  // 已学 counts as the map's 已学 N/M, 掌握 as its 掌握 N/M (the root's N); the predicted recall every topic in review.
  const recall = h.recallToday > 0 ? `预计今天记得 ${percent(h.recallToday)}，7 天后 ${percent(h.recallIn7Days)}` : '';
  return `近 ${days.length} 天：已学 ${last.learnt} 个知识点，掌握 ${last.mastered} 个主题；复习 ${reviews} 次，回忆练习 ${recalls} 次。${recall ? `${recall}。` : ''}`;
}
