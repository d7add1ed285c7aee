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
  if (!last.learnt && !reviews && !recalls) return `近 ${days.length} 天这张导图还没有学习和复习记录`;
  const recall = last.learnt ? `预计今天记得 ${percent(h.recallToday)}，7 天后 ${percent(h.recallIn7Days)}` : '';
  return `近 ${days.length} 天：已学 ${last.learnt} 个主题，其中掌握 ${last.mastered} 个；复习 ${reviews} 次，回忆练习 ${recalls} 次。${recall ? `${recall}。` : ''}`;
}
