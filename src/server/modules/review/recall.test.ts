import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL, applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { sql } from 'kysely';
import { EXPERIENCE_MSG } from '../cases/access';
import { CARD_CAP_MSG, REVIEW_CARD_CAP } from './cards';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED, experience: EXPERIENCE });
const { get, post, tokens } = t;
const NORMAL_ID = 'stu-0001';
let seq = 0;
const sessionId = () => `r-${Date.now().toString(36)}-${++seq}`;

interface Node {
  data: { id: string; text?: string; isStudy?: number };
  children?: Node[];
}

/** A branch of NORMAL's case-01 map with at least three topics below it, and its topics. */
async function branchOfCase01() {
  const doc = (await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-01')).data.document as { root: Node };
  const below = (n: Node): Node[] => (n.children ?? []).flatMap((c) => [c, ...below(c)]);
  const branch = doc.root.children!.find((c) => below(c).length >= 3)!;
  return { branch, topics: below(branch) };
}

const cards = (nodeIds: string[]) =>
  t.database.db
    .selectFrom('review_cards')
    .selectAll()
    .where('student_id', '=', NORMAL_ID)
    .where('kind', '=', 'case')
    .where('source_id', '=', 'case-01')
    .where('node_id', 'in', nodeIds)
    .execute();

describe('回忆练习 (recall from memory)', () => {
  it('grades every hidden topic in one step, making cards for topics without one; a retry applies once', async () => {
    const { branch, topics } = await branchOfCase01();
    const ids = topics.map((n) => n.data.id);
    const body = {
      sessionId: sessionId(),
      caseId: 'case-01',
      branchId: branch.data.id,
      seconds: 95,
      grades: ids.map((nodeId, i) => ({ nodeId, rating: i === 0 ? 1 : 3 })),
    };
    const before = (await get(tokens.normal, '/api/course/review/history?caseId=case-01')).data.days[27];
    const first = await post(tokens.normal, '/api/course/review/recall', body);
    expect(first).toMatchObject({ resultCode: 200, data: { replayed: 0, graded: ids.length } });
    const rows = await cards(ids);
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r.reps).toBe(1);
    expect(rows.filter((r) => r.origin === 3).length).toBeGreaterThan(0);
    const grades = await t.database.db.selectFrom('review_grades').select(['id', 'rating']).where('id', 'like', `${body.sessionId}-%`).execute();
    expect(grades).toHaveLength(ids.length);

    // The same session sent again changes nothing.
    expect(await post(tokens.normal, '/api/course/review/recall', body)).toMatchObject({ resultCode: 200, data: { replayed: 1, graded: ids.length } });
    for (const r of await cards(ids)) expect(r.reps).toBe(1);

    // The chart counts the session today, as a 回忆练习 and not as 复习 (numbers.test.ts); the graded topics are 学过 now.
    const history = (await get(tokens.normal, '/api/course/review/history?caseId=case-01')).data;
    expect(history.days).toHaveLength(28);
    const today = history.days[27];
    expect(today.recalls).toBe(1);
    expect(today.reviews).toBe(0);
    // 已学 is the map's 知识点 learnt (their study records): a practice grades topics, it learns none.
    expect(today.learnt).toBe(before.learnt);
    expect(history.recallToday).toBeGreaterThan(0.9);
    expect(history.recallIn7Days).toBeLessThan(history.recallToday);
    const mastery = (await get(tokens.normal, '/api/course/review/mastery?caseId=case-01')).data;
    for (const id of ids.slice(1)) expect(mastery.levels[mastery.nodeIds.indexOf(id)]).toBe(1);
    // the one missed at its first meeting (重来) is not 学过: still 未学, like a topic never met
    expect(mastery.nodeIds).not.toContain(ids[0]);
  });

  it('refuses topics outside the map, a topic graded twice, another student’s session id, and the experience account', async () => {
    const { branch, topics } = await branchOfCase01();
    const base = { caseId: 'case-01', branchId: branch.data.id, seconds: 10 };
    const grades = [{ nodeId: topics[0].data.id, rating: 3 }];
    expect(
      await post(tokens.normal, '/api/course/review/recall', { ...base, sessionId: sessionId(), grades: [{ nodeId: 'not-in-map', rating: 3 }] }),
    ).toMatchObject({
      resultCode: 404,
      errMsg: '知识点不存在',
    });
    expect(await post(tokens.normal, '/api/course/review/recall', { ...base, sessionId: sessionId(), grades: [...grades, ...grades] })).toMatchObject({
      resultCode: 400,
      errMsg: '同一知识点在一次回忆练习中只能评分一次',
    });
    expect(
      (await post(tokens.normal, '/api/course/review/recall', { ...base, sessionId: sessionId(), grades: [{ ...grades[0], rating: 5 }] })).resultCode,
    ).toBe(400);
    const id = sessionId();
    expect((await post(tokens.normal, '/api/course/review/recall', { ...base, sessionId: id, grades })).resultCode).toBe(200);
    // Another student of the case reusing the id is refused, not mistaken for a replay.
    const other = await addStudent(t, 'stu-recall-other', '13900001301');
    await applyTo(t.app, other, 'case-01');
    expect((await post(other, '/api/course/review/recall', { ...base, sessionId: id, grades })).resultCode).toBe(409);
    // The graduated student may not write to case-01 at all (no active application).
    expect((await post(tokens.graduated, '/api/course/review/recall', { ...base, sessionId: sessionId(), grades })).resultCode).toBe(403);
    expect(await post(tokens.experience, '/api/course/review/recall', { ...base, sessionId: sessionId(), grades })).toMatchObject({
      resultCode: 403,
      errMsg: EXPERIENCE_MSG,
    });
    expect((await get(tokens.normal, '/api/course/review/mastery?caseId=nope')).resultCode).toBe(404);
    expect((await get(null, '/api/course/review/history?caseId=case-01')).resultCode).toBe(40101);
  });

  it('past the per-student cap of review cards, a session that needs new cards is refused in Chinese and records nothing', async () => {
    const token = await addStudent(t, 'stu-recall-cap', '13900001302');
    await applyTo(t.app, token, 'case-01');
    const doc = (await get(token, '/api/course/mindStudent/showMind?caseId=case-01')).data.document as { root: Node };
    const branch = doc.root.children![0];
    const nodeId = branch.children![0].data.id;
    await sql`
      insert into review_cards (student_id, kind, source_id, node_id, due)
      select 'stu-recall-cap', 'case', 'case-02', 'n' || i, now() from generate_series(1, ${REVIEW_CARD_CAP}) as i`.execute(t.database.db);
    const body = { sessionId: sessionId(), caseId: 'case-01', branchId: branch.data.id, seconds: 5, grades: [{ nodeId, rating: 3 }] };
    expect(await post(token, '/api/course/review/recall', body)).toMatchObject({ resultCode: 400, errMsg: CARD_CAP_MSG });
    const session = await t.database.db.selectFrom('recall_sessions').select('id').where('id', '=', body.sessionId).executeTakeFirst();
    expect(session).toBeUndefined();
  });
});
