import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { up as backfill } from '../../db/migrations/2026-11-30-review-backfill';

// Issue 20: review cards are made by the writes that make a node learnt, never by a read (no
// hidden writes on GET); learning from before cards existed is read in once by a migration.

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, post, tokens } = t;
const db = () => t.database.db;

const cardsOf = async (studentId: string) =>
  (await db().selectFrom('review_cards').select(['kind', 'source_id', 'node_id', 'retired']).where('student_id', '=', studentId).execute())
    .map((r) => `${r.kind}:${r.source_id}:${r.node_id}:${r.retired}`)
    .sort();
const rowCount = async () =>
  Number(
    (
      await db()
        .selectFrom('review_cards')
        .select(({ fn }) => fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('review cards are written by writes only', () => {
  it('the seeded learning is due for review, and reading the queue, the badge or the map’s marks writes no card', async () => {
    expect((await cardsOf('stu-0001')).length).toBeGreaterThan(5);
    // Learning without cards (as before cards existed): the reads leave it so.
    await db().deleteFrom('review_cards').where('student_id', '=', 'stu-0003').execute();
    const before = await rowCount();
    const queue = await get(tokens.graduated, '/api/course/review/queue');
    expect(queue).toMatchObject({ resultCode: 200, data: { cards: [], dueCount: 0 } });
    expect((await get(tokens.graduated, '/api/course/review/summary')).data).toMatchObject({ dueCount: 0 });
    expect((await get(tokens.graduated, '/api/course/review/mapNodes?caseId=case-01')).data).toEqual({ due: [], scheduled: [], excluded: [], nextDueAt: '' });
    for (const path of ['/api/course/review/queue', '/api/course/review/summary', '/api/course/review/mapNodes?caseId=case-01'])
      expect((await get(tokens.normal, path)).resultCode).toBe(200);
    expect(await rowCount()).toBe(before);
    expect(await cardsOf('stu-0003')).toEqual([]);
  });

  it('the backfill migration makes the cards the reads used to make, once, and keeps cards that exist', async () => {
    const seeded = await cardsOf('stu-0001');
    const graded = await db()
      .updateTable('review_cards')
      .set({ reps: 3 })
      .where('student_id', '=', 'stu-0001')
      .where('kind', '=', 'course')
      .returning('node_id')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('review_cards').where('student_id', '=', 'stu-0001').where('kind', '=', 'case').execute();
    const raw = db() as unknown as Kysely<unknown>; // as the migrator hands it
    await backfill(raw);
    await backfill(raw); // a second run changes nothing
    expect(await cardsOf('stu-0001')).toEqual(seeded);
    const kept = await db()
      .selectFrom('review_cards')
      .select('reps')
      .where('student_id', '=', 'stu-0001')
      .where('node_id', '=', graded.node_id)
      .executeTakeFirstOrThrow();
    expect(kept.reps).toBe(3);
    // The graduated student's learning (deleted above) is back too: every learnt node of case-01.
    expect((await cardsOf('stu-0003')).filter((k) => k.startsWith('case:case-01:')).length).toBeGreaterThan(0);
  });

  it('a course section learnt by its video becomes a card, due at once; learnt again it keeps its card', async () => {
    const token = await addStudent(t, 'stu-review-course', '13900001202');
    const node = await db()
      .selectFrom('course_nodes')
      .select(['id', 'course_id', 'duration'])
      .where('course_id', '=', 'course-02')
      .where('duration', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const report = (segments: number[][]) =>
      post(token, '/api/course/userModelRecord/saveUserRecord', { courseId: node.course_id, nodeId: node.id, position: segments.at(-1)![1], segments });
    expect((await report([[0, 2]])).data.isStudy).toBe(2);
    expect(await cardsOf('stu-review-course')).toEqual([]); // played, not learnt
    // Covered at 2× (the coverage clock started half the video's length ago): learnt.
    await db()
      .updateTable('learn_locations')
      .set({ coverage_started_at: new Date(Date.now() - (node.duration / 2) * 1000) })
      .where('student_id', '=', 'stu-review-course')
      .where('node_id', '=', node.id)
      .execute();
    expect((await report([[2, node.duration]])).data.isStudy).toBe(1);
    expect(await cardsOf('stu-review-course')).toEqual([`course:${node.course_id}:${node.id}:0`]);
    const q = (await get(token, '/api/course/review/queue')).data;
    expect(q.cards).toMatchObject([{ kind: 'course', sourceId: node.course_id, nodeId: node.id, text: expect.any(String), state: 0 }]);

    const graded = await post(token, '/api/course/review/grade', {
      gradeId: 'g-course-hook-1',
      kind: 'course',
      sourceId: node.course_id,
      nodeId: node.id,
      rating: 3,
    });
    expect(graded.data.replayed).toBe(0);
    expect((await report([[0, node.duration]])).data.isStudy).toBe(1);
    const row = await db().selectFrom('review_cards').select(['reps', 'due']).where('student_id', '=', 'stu-review-course').executeTakeFirstOrThrow();
    expect(row.reps).toBe(1);
    expect(new Date(row.due).getTime()).toBe(graded.data.dueAt);
  });

  it('a node learnt by reading its PDF becomes a card', async () => {
    // case-02-r04 is the only requirement of its node (no exam, no other resource).
    const token = await addStudent(t, 'stu-review-pdf', '13900001203');
    await applyTo(t.app, token, 'case-02');
    const pages = (list: number[]) =>
      post(token, '/api/course/userModelRecord/savePdfPages', { caseId: 'case-02', nodeId: 'case-02-n019', resourceId: 'case-02-r04', pages: list });
    expect((await pages([1])).data.isStudy).toBe(2);
    // Pages turned at a person's pace: the coverage clock started a while ago.
    await db()
      .updateTable('resource_locations')
      .set({ coverage_started_at: new Date(Date.now() - 60_000) })
      .where('student_id', '=', 'stu-review-pdf')
      .execute();
    expect((await pages([2, 3])).data).toMatchObject({ isStudy: 1, nodeLearnt: 1 });
    expect(await cardsOf('stu-review-pdf')).toEqual(['case:case-02:case-02-n019:0']);
  });
});
