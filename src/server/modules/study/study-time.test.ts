import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';
import { formatDate } from '../../lib/time';
import { lastDays, STATS_DAYS } from './study-time';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { tokens } = t;

const stats = (tok: string | null) => call(t.app, tok, { method: 'GET', url: '/api/course/studyRecord/studyStats' });

describe('study stats', () => {
  it('lists 28 Shanghai days, oldest first, ending today', () => {
    const days = lastDays(new Date('2026-11-23T17:00:00Z')); // 01:00 on the 24th in Shanghai
    expect(days).toHaveLength(STATS_DAYS);
    expect(days.at(-1)).toBe('2026-11-24');
    expect(days[0]).toBe('2026-10-28');
  });

  it('answers minutes per day and completion per course for the signed-in student only', async () => {
    const body = await stats(tokens.normal);
    expect(body.resultCode).toBe(200);
    expect(body.data.days).toHaveLength(28);
    expect(body.data.days.at(-1).day).toBe(formatDate(new Date()));
    expect(body.data.totalMinutes).toBeGreaterThan(600);
    expect(body.data.studyDays).toBeGreaterThan(15);
    expect(body.data.courses).toEqual([
      { courseId: 'course-01', name: 'Python程序设计基础', learnt: 2, total: 9, percent: 22 },
      { courseId: 'course-07', name: '数据分析与可视化', learnt: 3, total: 6, percent: 50 },
      { courseId: 'course-13', name: '软件工程导论', learnt: 0, total: 7, percent: 0 },
    ]);
    const other = await stats(tokens.graduated);
    expect(other.data.courses.map((c: { courseId: string }) => c.courseId)).toEqual(['course-08']);
    expect(other.data.totalMinutes).toBeLessThan(body.data.totalMinutes);
    expect((await stats(null)).resultCode).toBe(40101);
  });

  it('counts only video seconds the server accepted towards today', async () => {
    const today = () => stats(tokens.normal).then((b) => b.data.days.at(-1).minutes as number);
    // A 6-minute section, so the accepted time shows in whole minutes (the seeded clip is 30 s).
    await t.database.db.updateTable('course_nodes').set({ duration: 360 }).where('id', '=', 'course-13-c1-s1').execute();
    const before = await today();
    const save = (from: number, to: number) =>
      call(t.app, tokens.normal, {
        method: 'POST',
        url: '/api/course/userModelRecord/saveUserRecord',
        payload: { courseId: 'course-13', nodeId: 'course-13-c1-s1', position: to, segments: [[from, to]] },
      });
    await save(0, 1);
    expect((await save(1, 3000)).resultCode).toBe(400); // claims 50 minutes at once: refused, nothing counted
    expect(await today()).toBe(before);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.database.db
      .updateTable('learn_locations')
      .set({ updated_at: tenMinutesAgo, coverage_started_at: tenMinutesAgo })
      .where('node_id', '=', 'course-13-c1-s1')
      .execute();
    await save(1, 3000); // ten minutes later: the whole 6-minute video counts
    expect(Math.abs((await today()) - (before + 6))).toBeLessThanOrEqual(1);
  });
});
