import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL, applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { EXPERIENCE_MSG } from '../cases/access';
import { gradeCard } from './grades';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED, experience: EXPERIENCE });
const { get, post, tokens } = t;

const NORMAL_ID = 'stu-0001';
const queue = async (token: string) => (await get(token, '/api/course/review/queue')).data;
let seq = 0;
const newGradeId = () => `g-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const cardRow = (studentId: string, kind: string, sourceId: string, nodeId: string) =>
  t.database.db
    .selectFrom('review_cards')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .where('node_id', '=', nodeId)
    .executeTakeFirstOrThrow();

describe('review cards', () => {
  it('makes a card of every learnt node and learnt course section, due at once, with its face', async () => {
    const q = await queue(tokens.normal);
    expect(q.trial).toBe(0);
    const caseCards = q.cards.filter((c: { kind: string }) => c.kind === 'case');
    const courseCards = q.cards.filter((c: { kind: string }) => c.kind === 'course');
    expect(caseCards).toHaveLength(5);
    const sections = courseCards.map((c: { nodeId: string }) => c.nodeId);
    expect(sections).toEqual(expect.arrayContaining(['course-01-c1-s1', 'course-01-c1-s2']));
    expect(sections).not.toContain('course-01-c1-s3'); // played, not learnt
    expect(q.dueCount).toBe(q.cards.length);
    const first = caseCards[0];
    expect(first).toMatchObject({ sourceId: 'case-01', sourceName: expect.any(String), text: expect.any(String), origin: 1, state: 0, reps: 0 });
    expect(first.path[0]).toBe('校园二手交易平台');
    expect(first.preview.good).toBeGreaterThan(Date.now() - 60_000);
    expect(courseCards[0].path.length).toBe(2);
    expect((await get(tokens.normal, '/api/course/review/summary')).data).toMatchObject({ dueCount: q.cards.length });
  });

  it('schedules with ts-fsrs: a fixed grade sequence gives exactly the library’s intervals', async () => {
    const q = await queue(tokens.normal);
    const card = q.cards.find((c: { kind: string }) => c.kind === 'course');
    const key = { kind: card.kind, sourceId: card.sourceId, nodeId: card.nodeId };
    const start = await cardRow(NORMAL_ID, key.kind, key.sourceId, key.nodeId);
    const f = fsrs({ enable_fuzz: false });
    let expected: Card = createEmptyCard(start.due);
    const t0 = Date.now() + 3600_000;
    const steps: [number, Grade][] = [
      [0, Rating.Good],
      [600_000, Rating.Good],
      [3 * 86400_000, Rating.Again],
      [4 * 86400_000, Rating.Hard],
      [12 * 86400_000, Rating.Easy],
      [60 * 86400_000, Rating.Good],
    ];
    for (const [offset, rating] of steps) {
      const at = new Date(t0 + offset);
      expected = f.next(expected, at, rating).card;
      const answer = await gradeCard(t.database.db, NORMAL_ID, { gradeId: newGradeId(), ...key, rating }, at);
      expect(answer).toMatchObject({ replayed: 0, dueAt: expected.due.getTime(), scheduledDays: expected.scheduled_days });
      const row = await cardRow(NORMAL_ID, key.kind, key.sourceId, key.nodeId);
      expect({ s: row.stability, d: row.difficulty, reps: row.reps, lapses: row.lapses, state: row.state }).toEqual({
        s: expected.stability,
        d: expected.difficulty,
        reps: expected.reps,
        lapses: expected.lapses,
        state: expected.state,
      });
    }
    expect(expected.scheduled_days).toBeGreaterThan(10); // the sequence reached real review intervals
  });

  it('applies a replayed grade once, also when the copies arrive together', async () => {
    const q = await queue(tokens.normal);
    const card = q.cards.find((c: { kind: string }) => c.kind === 'case');
    const body = { gradeId: newGradeId(), kind: card.kind, sourceId: card.sourceId, nodeId: card.nodeId, rating: 3 };
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(tokens.normal, '/api/course/review/grade', body)));
    expect(answers.map((a) => a.resultCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.data.replayed === 0)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.dueAt)).size).toBe(1);
    const later = await post(tokens.normal, '/api/course/review/grade', { ...body, secondsAgo: 120 });
    expect(later.data).toMatchObject({ replayed: 1, dueAt: answers[0].data.dueAt });
    const row = await cardRow(NORMAL_ID, card.kind, card.sourceId, card.nodeId);
    expect(row.reps).toBe(1);
    const grades = await t.database.db
      .selectFrom('review_grades')
      .select('id')
      .where('node_id', '=', card.nodeId)
      .where('student_id', '=', NORMAL_ID)
      .execute();
    expect(grades).toHaveLength(1);
    expect((await queue(tokens.normal)).doneToday).toBeGreaterThanOrEqual(1);
  });

  it('undoes the last grade of a card, once', async () => {
    const card = (await queue(tokens.normal)).cards.find((c: { kind: string }) => c.kind === 'case');
    const before = await cardRow(NORMAL_ID, card.kind, card.sourceId, card.nodeId);
    const gradeId = newGradeId();
    const graded = await post(tokens.normal, '/api/course/review/grade', { gradeId, kind: card.kind, sourceId: card.sourceId, nodeId: card.nodeId, rating: 1 });
    expect(graded.resultCode).toBe(200);
    expect(await post(tokens.graduated, '/api/course/review/undo', { gradeId })).toMatchObject({ resultCode: 404 });
    const undone = await post(tokens.normal, '/api/course/review/undo', { gradeId });
    expect(undone).toMatchObject({ resultCode: 200, data: { dueAt: new Date(before.due).getTime() } });
    const after = await cardRow(NORMAL_ID, card.kind, card.sourceId, card.nodeId);
    expect({ ...after, revision: 0 }).toEqual({ ...before, revision: 0 });
    expect((await post(tokens.normal, '/api/course/review/undo', { gradeId })).resultCode).toBe(409);
    // The undone grade's id is spent: sending it again does not grade the card again.
    const replay = await post(tokens.normal, '/api/course/review/grade', { gradeId, kind: card.kind, sourceId: card.sourceId, nodeId: card.nodeId, rating: 1 });
    expect(replay.data.replayed).toBe(1);
  });

  it('checks ownership: nobody grades, undoes or replays another student’s card or grade', async () => {
    const card = (await queue(tokens.normal)).cards.find((c: { kind: string }) => c.kind === 'course');
    const body = { gradeId: newGradeId(), kind: card.kind, sourceId: card.sourceId, nodeId: card.nodeId, rating: 3 };
    // The graduated student has no card of course-01: 404, and NORMAL's card is untouched.
    const reps = (await cardRow(NORMAL_ID, card.kind, card.sourceId, card.nodeId)).reps;
    expect(await post(tokens.graduated, '/api/course/review/grade', body)).toMatchObject({ resultCode: 404, errMsg: '复习卡片不存在' });
    expect(await post(tokens.normal, '/api/course/review/grade', body)).toMatchObject({ resultCode: 200, data: { replayed: 0 } });
    expect((await cardRow(NORMAL_ID, card.kind, card.sourceId, card.nodeId)).reps).toBe(reps + 1);
    // Reusing NORMAL's grade id on one's own card is refused, not mistaken for a replay.
    const own = (await queue(tokens.graduated)).cards[0];
    const stolen = { ...body, kind: own.kind, sourceId: own.sourceId, nodeId: own.nodeId };
    expect(await post(tokens.graduated, '/api/course/review/grade', stolen)).toMatchObject({ resultCode: 409 });
    // Marking needs an application to the case; bad input is refused with a Chinese message.
    expect(await post(tokens.graduated, '/api/course/review/mark', { caseId: 'case-03', nodeId: 'x', action: 'add' })).toMatchObject({ resultCode: 403 });
    expect((await post(tokens.normal, '/api/course/review/grade', { ...body, gradeId: newGradeId(), rating: 5 })).resultCode).toBe(400);
    expect((await post(tokens.normal, '/api/course/review/grade', { ...body, gradeId: 'bad id!' })).resultCode).toBe(400);
    expect((await get(tokens.normal, '/api/course/review/mapNodes?caseId=nope')).resultCode).toBe(404);
    expect((await get(null, '/api/course/review/queue')).resultCode).toBe(40101);
  });

  it('follows the student’s own map: 已学 and 需复习 nodes get cards, a deleted node’s card retires and comes back with it', async () => {
    const shown = (await get(tokens.normal, '/api/course/mindStudent/showMind?caseId=case-01')).data;
    const doc = shown.document;
    const chapter = doc.root.children[0];
    const learntTopic = chapter.children.find((n: { data: { isStudy?: number } }) => n.data.isStudy === 1);
    const other = doc.root.children[1];
    expect(learntTopic && other).toBeTruthy();
    // 需复习 on a node of the map, then 不再复习 on another card.
    const added = await post(tokens.normal, '/api/course/review/mark', { caseId: 'case-01', nodeId: other.data.id, action: 'add' });
    expect(added).toMatchObject({ resultCode: 200, data: { excluded: 0 } });
    expect((await post(tokens.normal, '/api/course/review/mark', { caseId: 'case-01', nodeId: 'not-in-map', action: 'add' })).resultCode).toBe(404);
    let marks = (await get(tokens.normal, '/api/course/review/mapNodes?caseId=case-01')).data;
    expect(marks.due).toContain(other.data.id);

    // The student deletes the learnt topic from their own copy and marks another node 已学.
    chapter.children = chapter.children.filter((n: unknown) => n !== learntTopic);
    const fresh = (other.children ?? [])[0] ?? doc.root.children[2];
    fresh.data.isStudy = 1;
    const saved = await post(tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId: 'case-01', document: doc, version: shown.version });
    expect(saved.resultCode).toBe(200);
    expect((await cardRow(NORMAL_ID, 'case', 'case-01', learntTopic.data.id)).retired).toBe(1);
    marks = (await get(tokens.normal, '/api/course/review/mapNodes?caseId=case-01')).data;
    expect([...marks.due, ...marks.scheduled]).not.toContain(learntTopic.data.id);
    expect(marks.due).toContain(fresh.data.id);
    const ids = (await queue(tokens.normal)).cards.map((c: { nodeId: string }) => c.nodeId);
    expect(ids).not.toContain(learntTopic.data.id);
    expect(
      (
        await post(tokens.normal, '/api/course/review/grade', {
          gradeId: newGradeId(),
          kind: 'case',
          sourceId: 'case-01',
          nodeId: learntTopic.data.id,
          rating: 3,
        })
      ).resultCode,
    ).toBe(404);

    // Undoing the delete (the node saved back) brings the card back with its state.
    chapter.children.unshift(learntTopic);
    expect(
      (await post(tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId: 'case-01', document: doc, version: saved.data.version })).resultCode,
    ).toBe(200);
    expect((await cardRow(NORMAL_ID, 'case', 'case-01', learntTopic.data.id)).retired).toBe(0);

    expect((await post(tokens.normal, '/api/course/review/mark', { caseId: 'case-01', nodeId: fresh.data.id, action: 'exclude' })).data.excluded).toBe(1);
    marks = (await get(tokens.normal, '/api/course/review/mapNodes?caseId=case-01')).data;
    expect(marks.excluded).toEqual([fresh.data.id]);
    expect((await queue(tokens.normal)).cards.map((c: { nodeId: string }) => c.nodeId)).not.toContain(fresh.data.id);
  });

  it('makes the card when the node is learnt (a tick by hand), before the review screen is ever opened', async () => {
    const token = await addStudent(t, 'stu-review-new', '13900001201');
    await applyTo(t.app, token, 'case-02');
    const nodes = (await get(token, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-02')).data;
    const plain = nodes.find((n: { level: number; resourceCount: number }) => n.level > 1 && n.resourceCount === 0);
    const learnt = await post(token, '/api/course/caseRecord/addRecord', { caseId: 'case-02', nodeId: plain.nodeId, isStudy: '1' });
    expect(learnt.data).toMatchObject({ nodeLearnt: 1 });
    expect(await cardRow('stu-review-new', 'case', 'case-02', plain.nodeId)).toMatchObject({ origin: 1, retired: 0, reps: 0 });
    expect((await get(token, '/api/course/review/summary')).data).toMatchObject({ dueCount: 1 });
  });

  it('lets the experience account try a deck without saving anything (SPEC §6 message on grading)', async () => {
    const q = await queue(tokens.experience);
    expect(q.trial).toBe(1);
    expect(q.cards.length).toBeGreaterThan(0);
    const c = q.cards[0];
    const grade = await post(tokens.experience, '/api/course/review/grade', {
      gradeId: newGradeId(),
      kind: c.kind,
      sourceId: c.sourceId,
      nodeId: c.nodeId,
      rating: 3,
    });
    expect(grade).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
    const rows = await t.database.db.selectFrom('review_cards').select('node_id').where('student_id', '=', 'stu-0002').execute();
    expect(rows).toEqual([]);
  });
});
