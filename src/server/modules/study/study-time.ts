import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { formatDate } from '../../lib/time';

/** Days the MyStudy chart shows. */
export const STATS_DAYS = 28;
const DAY_MS = 86400_000;

/**
 * Adds verified study seconds to the student's Shanghai day. Callers pass only time the server
 * has checked: video seconds accepted by the wall-clock cap, time between an exam's start and
 * submission. Nothing the client merely claims.
 */
export async function addStudySeconds(db: DbOrTrx, studentId: string, seconds: number, at = new Date()): Promise<void> {
  const s = Math.floor(seconds);
  if (!(s > 0)) return;
  await db
    .insertInto('study_daily')
    .values({ student_id: studentId, day: formatDate(at), seconds: s })
    .onConflict((oc) => oc.columns(['student_id', 'day']).doUpdateSet({ seconds: sql`study_daily.seconds + excluded.seconds` }))
    .execute();
}

/** The last STATS_DAYS Shanghai days, oldest first, ending today. */
export function lastDays(now = new Date(), count = STATS_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => formatDate(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

/** MyStudy figures: minutes per day (zero-filled), and completion per signed-up course. */
export async function studyStats(db: DbOrTrx, studentId: string, now = new Date()) {
  const days = lastDays(now);
  const rows = await db
    .selectFrom('study_daily')
    .select(['day', 'seconds'])
    .where('student_id', '=', studentId)
    .where('day', '>=', days[0]!)
    .where('day', '<=', days.at(-1)!)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r.seconds]));
  const daily = days.map((day) => ({ day, minutes: Math.round((byDay.get(day) ?? 0) / 60) }));

  const courses = await db
    .selectFrom('course_signups as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select([
      'c.id',
      'c.name',
      sql<string>`(select count(*) from course_nodes n where n.course_id = c.id and n.node_type = 2)`.as('total'),
      sql<string>`(select count(*) from learn_locations l where l.student_id = s.student_id and l.course_id = c.id and l.is_study = 1)`.as('learnt'),
    ])
    .where('s.student_id', '=', studentId)
    .orderBy('s.created_at')
    .orderBy('c.id')
    .execute();

  return {
    days: daily,
    totalMinutes: daily.reduce((sum, d) => sum + d.minutes, 0),
    studyDays: daily.filter((d) => d.minutes > 0).length,
    courses: courses.map((c) => {
      const total = Number(c.total);
      const learnt = Math.min(Number(c.learnt), total);
      return { courseId: c.id, name: c.name, learnt, total, percent: total > 0 ? Math.round((learnt / total) * 100) : 0 };
    }),
  };
}
