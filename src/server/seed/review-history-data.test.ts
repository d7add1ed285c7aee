import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/server/test-app';
import { demoAccounts } from './demo-accounts';
import { HISTORY_CASE, simulateHistory } from './review-history-data';

// The seeded study history (issue 34 "Done when": the chart drawn from real review rows of the
// seeded student): 林悦 has four weeks of 复习 and 回忆练习 on 健康打卡小程序; the other demo
// students have no review history (the review tests and e2e rely on it).

const [normal, experience, graduated, reviewer] = demoAccounts;
const t = useTestApp({ reviewer: reviewer.loginName });

interface Day {
  date: string;
  learnt: number;
  mastered: number;
  reviews: number;
  recalls: number;
}

describe('the seeded study history', () => {
  it('draws four weeks of real review rows: topics learnt and mastered growing, 复习 most days, four 回忆练习', async () => {
    const get = async (path: string) => (await t.get(t.tokens.reviewer, `/api/course/review/${path}?caseId=${HISTORY_CASE}`)).data;
    const [history, mastery, step, marks] = await Promise.all([get('history'), get('mastery'), get('nextStep'), get('mapNodes')]);
    const days = history.days as Day[];
    expect(days).toHaveLength(28);
    expect(days.reduce((s, d) => s + d.recalls, 0)).toBe(4);
    expect(days.filter((d) => d.reviews > 0).length).toBeGreaterThanOrEqual(10);
    // 已学 grows as topics are learnt in map order (the last topic is left to learn).
    for (let i = 1; i < days.length; i++) expect(days[i].learnt).toBeGreaterThanOrEqual(days[i - 1].learnt);
    expect(days.at(-1)!.learnt).toBe(12);
    expect(days.at(-1)!.mastered).toBeGreaterThan(0);
    expect(days.at(-1)!.mastered).toBeLessThan(12);
    // Every mastery level is on the map, and the hard chapter fades after five days without 复习.
    expect(new Set(mastery.levels)).toEqual(new Set([1, 2, 3]));
    expect(mastery.fading.length).toBeGreaterThan(0);
    expect(mastery.recallToday).toBeGreaterThan(0.6);
    expect(mastery.recallToday).toBeLessThan(1);
    expect(history.recallToday).toBeCloseTo(mastery.recallToday, 3);
    // Topics are due today: 下一步 is to review them, as many as the 待复习 panel lists.
    expect(marks.due.length).toBeGreaterThan(0);
    expect(step).toMatchObject({ kind: 'review', count: marks.due.length });
    const progress = (await t.get(t.tokens.reviewer, `/api/course/caseDetails/getCasesDetails?caseId=${HISTORY_CASE}`)).data;
    expect(progress.studyCount).toBeGreaterThanOrEqual(1);
  });

  it('leaves the other demo students without review history, and is the same rows for the same moment', async () => {
    const db = t.database.db;
    for (const table of ['review_grades', 'recall_sessions'] as const) {
      const rows = await db.selectFrom(table).select('student_id').where('student_id', 'in', [normal.id, experience.id, graduated.id]).execute();
      expect(rows, table).toEqual([]);
    }
    const chapters = [3, 4, 3, 3].map((n, c) => ({ id: `c${c}`, topics: Array.from({ length: n }, (_, i) => `t${c}${i}`) }));
    const now = new Date('2026-11-29T10:00:00Z');
    expect(JSON.stringify(simulateHistory(chapters, now))).toBe(JSON.stringify(simulateHistory(chapters, now)));
  });
});
