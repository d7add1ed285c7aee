import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL });

// A course section's video reports: each is written only over the row it read, and a report that
// lost the race reads again, so reports racing from several tabs all land in the coverage.
describe('course video reports', () => {
  it('reports racing on one section keep every played segment and one study record', async () => {
    const db = t.database.db;
    const node = await db
      .selectFrom('course_nodes')
      .select(['id', 'course_id', 'duration'])
      .where('duration', '>=', 24)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const studentId = (await db.selectFrom('students').select('id').where('login_name', '=', NORMAL).executeTakeFirstOrThrow()).id;
    await db.deleteFrom('learn_locations').where('student_id', '=', studentId).where('node_id', '=', node.id).execute();
    const save = (body: object) => t.post(t.tokens.normal, '/api/course/userModelRecord/saveUserRecord', body);
    // the first report opens the clock; moved back so the segments below are within the fastest playback rate
    expect((await save({ courseId: node.course_id, nodeId: node.id, position: 0, segments: [] })).resultCode).toBe(200);
    await sql`update learn_locations set coverage_started_at = now() - interval '10 minutes', updated_at = now() - interval '10 minutes'
              where student_id = ${studentId} and node_id = ${node.id}`.execute(db);

    const segments = Array.from({ length: 8 }, (_, i) => [i * 3, i * 3 + 3] as [number, number]);
    const answers = await Promise.all(segments.map((s) => save({ courseId: node.course_id, nodeId: node.id, position: s[1], segments: [s] })));
    expect(answers.map((a) => a.resultCode)).toEqual(segments.map(() => 200));

    const row = await db
      .selectFrom('learn_locations')
      .select(['coverage', 'watched'])
      .where('student_id', '=', studentId)
      .where('node_id', '=', node.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.coverage)).toEqual([[0, 24]]);
    expect(row.watched).toBe(24);
    const records = await db
      .selectFrom('study_records')
      .select('id')
      .where('student_id', '=', studentId)
      .where('node_id', '=', node.id)
      .where('is_type', '=', 1)
      .execute();
    expect(records).toHaveLength(1);
  });

  it("reads a section's length from the cached course, and a teacher's change to it counts from the next report", async () => {
    const db = t.database.db;
    const node = await db
      .selectFrom('course_nodes')
      .select(['id', 'course_id', 'duration'])
      .where('duration', '>', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const save = (position: number) =>
      t.post(t.tokens.normal, '/api/course/userModelRecord/saveUserRecord', { courseId: node.course_id, nodeId: node.id, position, segments: [] });
    // a position past the end is clamped to the section's length
    expect((await save(node.duration + 500)).data.position).toBe(node.duration);
    expect(t.app.contentCache.peek(`course-nodes:${node.course_id}`)).toBeDefined();
    await db
      .updateTable('course_nodes')
      .set({ duration: node.duration + 100 })
      .where('id', '=', node.id)
      .execute();
    try {
      // the table's NOTIFY drops the cached course in this process (as in every other)
      await vi.waitFor(() => expect(t.app.contentCache.peek(`course-nodes:${node.course_id}`)).toBeUndefined(), { timeout: 5000 });
      expect((await save(node.duration + 500)).data.position).toBe(node.duration + 100);
    } finally {
      await db.updateTable('course_nodes').set({ duration: node.duration }).where('id', '=', node.id).execute();
    }
  });
});
