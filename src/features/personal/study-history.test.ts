import { describe, expect, it } from 'vitest';
import { historySummary } from './study-history';

const day = (date: string, learnt: number, mastered: number, reviews: number, recalls: number) => ({ date, learnt, mastered, reviews, recalls });

describe('the study history chart in words', () => {
  it('says the map today, the reviews and recalls of the period, and the predicted recall', () => {
    const h = { days: [day('2026-11-27', 2, 0, 3, 0), day('2026-11-28', 5, 1, 4, 1)], recallToday: 0.914, recallIn7Days: 0.726 };
    expect(historySummary(h)).toBe('近 2 天：已学 5 个知识点，掌握 1 个主题；复习 7 次，回忆练习 1 次。预计今天记得 91%，7 天后 73%。');
  });

  it('a recall just short of certain is 99 %, not 100 %', () => {
    const h = { days: [day('2026-11-28', 78, 40, 4, 0)], recallToday: 0.996, recallIn7Days: 1 };
    expect(historySummary(h)).toContain('预计今天记得 99%，7 天后 100%');
  });

  it('a map without study says so', () => {
    expect(historySummary({ days: [day('2026-11-28', 0, 0, 0, 0)], recallToday: 0, recallIn7Days: 0 })).toBe('近 1 天这张导图还没有学习和复习记录');
    expect(historySummary({ days: [], recallToday: 0, recallIn7Days: 0 })).toBe('暂无学习记录');
  });

  it("topics in review without a 知识点 learnt (a 回忆练习 of the student's own branch) still say their recall", () => {
    const h = { days: [day('2026-11-28', 0, 0, 0, 1)], recallToday: 0.97, recallIn7Days: 0.6 };
    expect(historySummary(h)).toBe('近 1 天：已学 0 个知识点，掌握 0 个主题；复习 0 次，回忆练习 1 次。预计今天记得 97%，7 天后 60%。');
  });
});
