import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { officialNodes } from '../mindmaps/maps';

// Numbers that agree (issue 34, found by an outside walk): after one 3/3 回忆练习 on a branch the
// map's predicted recall said 100 % while five topics were due, and the one session counted as
// 复习 3 次 on the chart and 已复习 3 张 on 复习; a whole-branch practice then made the chart's 已学
// jump from 12 to 22 (every graded topic) while the map's 已学 stayed 12/13 (its 知识点). The
// definitions are in the README (复习 section).

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
    // Those of them that are 知识点 were learnt by their study records, as the map's 已学 N/M counts.
    const study = new Set((await officialNodes(t.database.db, t.app.contentCache, 'case-01'))!.study);
    const learntStudy = learnt.filter((n) => study.has(n.data.id));
    expect(learntStudy.length).toBeGreaterThan(0);
    await t.database.db
      .insertInto('case_records')
      .values(
        learntStudy.map((n, i) => ({
          id: `numbers-rec-${i}`,
          student_id: STUDENT,
          case_id: 'case-01',
          node_id: n.data.id,
          resource_id: '',
          is_study: 1,
          created_at: made,
        })),
      )
      .execute();
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
    expect(history.days.at(-1)).toMatchObject({ learnt: learntStudy.length, mastered: 0, reviews: 0, recalls: 1 });
    // 已学 on the chart is the map's: its 知识点 learnt, not every topic with a card (eight here).
    expect(history.days.at(-1).learnt).not.toBe(8);
    expect(history.days.findIndex((d: { learnt: number }) => d.learnt > 0)).toBe(history.days.length - 15);
    expect(queue.doneToday).toBe(0);
    // 下一步 says as many topics due as the map's 待复习 panel lists (the three recalled come back
    // within minutes, learning steps: they are not due now).
    expect(marks.due).toHaveLength(5);
    // …and when the first of them comes due, so the map can ask again then (a learning step: 10 minutes).
    const wait = Date.parse(marks.nextDueAt) - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10 * 60_000);
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

    // A 回忆练习 of a 知识点's sub-points (核心概念…) grades them, and they show their mastery, but
    // the map's 掌握 N/M keeps to the topics 已学 N/M counts (none of them is the student's own), as the chart's 已学 does.
    const points = first.children![0].children!.map((n) => n.data.id);
    expect(points.some((id) => study.has(id))).toBe(false);
    const pointsBody = {
      sessionId: 'numbers-2',
      caseId: 'case-01',
      branchId: first.children![0].data.id,
      seconds: 30,
      grades: points.map((nodeId) => ({ nodeId, rating: 3 })),
    };
    expect((await t.post(token, '/api/course/review/recall', pointsBody)).resultCode).toBe(200);
    const after = await get('mastery?caseId=case-01');
    for (const id of points) expect(after.nodeIds).toContain(id);
    expect(after.ownPractised).toEqual([]);
    expect((await get('history?caseId=case-01')).days.at(-1)).toMatchObject({ learnt: learntStudy.length, recalls: 2 });
  });
});
