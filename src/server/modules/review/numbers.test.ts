import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';

// Numbers that agree (issue 34, found by an outside walk): after one 3/3 回忆练习 on a branch the
// map's predicted recall said 100 % while five topics were due, and the one session counted as
// 复习 3 次 on the chart and 已复习 3 张 on 复习. The definitions are in the README (复习 section).

const t = useTestApp();
const STUDENT = 'stu-numbers';
const DAY = 86_400_000;

interface Node {
  data: { id: string; text?: string };
  children?: Node[];
}

describe('the study numbers agree', () => {
  it('a 回忆练习 is one session and no 复习; predicted recall counts the due topics; 下一步 says the 待复习 count', async () => {
    const token = await addStudent(t, STUDENT, '13907715343');
    await applyTo(t.app, token, 'case-01');
    const get = async (path: string) => (await t.get(token, `/api/course/review/${path}`)).data;
    const doc = (await t.get(token, '/api/course/mindStudent/showMind?caseId=case-01')).data.document as { root: Node };
    const [first, second] = doc.root.children!;
    // Five topics learnt two weeks ago and never reviewed: due since then.
    const learnt = second.children!.flatMap((c) => [c, ...(c.children ?? [])]).slice(0, 5);
    const made = new Date(Date.now() - 14 * DAY);
    await t.database.db
      .insertInto('review_cards')
      .values(learnt.map((n) => ({ student_id: STUDENT, kind: 'case', source_id: 'case-01', node_id: n.data.id, due: made, created_at: made })))
      .execute();

    // One 回忆练习 of a branch's three first-level topics, all recalled (良好).
    const recalled = first.children!.slice(0, 3).map((n) => n.data.id);
    const body = { sessionId: 'numbers-1', caseId: 'case-01', branchId: first.data.id, seconds: 60, grades: recalled.map((nodeId) => ({ nodeId, rating: 3 })) };
    expect((await t.post(token, '/api/course/review/recall', body)).resultCode).toBe(200);

    const [mastery, history, queue, step, marks] = await Promise.all([
      get('mastery?caseId=case-01'),
      get('history?caseId=case-01'),
      get('queue'),
      get('nextStep?caseId=case-01'),
      get('mapNodes?caseId=case-01'),
    ]);
    // The predicted recall of the map is over its eight topics in review, not the three graded just now.
    expect(mastery.recallToday).toBeGreaterThan(0.5);
    expect(mastery.recallToday).toBeLessThan(0.95);
    expect(mastery.recallIn7Days).toBeLessThan(mastery.recallToday);
    expect(history.recallToday).toBeCloseTo(mastery.recallToday, 3);
    expect(history.recallIn7Days).toBeCloseTo(mastery.recallIn7Days, 3);
    // The session is one 回忆练习, no 复习: on the chart and on the 复习 screen alike.
    expect(history.days.at(-1)).toMatchObject({ learnt: 8, reviews: 0, recalls: 1 });
    expect(queue.doneToday).toBe(0);
    // 下一步 says as many topics due as the map's 待复习 panel lists (the three recalled come back
    // within minutes, learning steps: they are not due now).
    expect(marks.due).toHaveLength(5);
    expect(step).toMatchObject({ kind: 'review', count: 5, reason: expect.stringContaining('有 5 个主题到了复习时间') });

    // One grade on the 复习 screen is one 复习, on both.
    const card = queue.cards.find((c: { nodeId: string }) => c.nodeId === learnt[0].data.id);
    const graded = await t.post(token, '/api/course/review/grade', {
      gradeId: 'numbers-grade-1',
      kind: 'case',
      sourceId: 'case-01',
      nodeId: card.nodeId,
      rating: 3,
    });
    expect(graded.resultCode).toBe(200);
    expect((await get('queue')).doneToday).toBe(1);
    expect((await get('history?caseId=case-01')).days.at(-1)).toMatchObject({ reviews: 1, recalls: 1 });
  });
});
