import type { Trx } from '../db/database';
import { formatDate } from '../lib/time';

/**
 * Daily study minutes for the last five weeks: the normal student studies most weekdays (longer
 * before deadlines), less at weekends, with a few days off; the graduated student only now and then.
 * Deterministic (no Math.random) so screenshots and tests are stable.
 */
export async function seedStudyTime(trx: Trx, normal: string, graduated: string): Promise<void> {
  const rows: { student_id: string; day: string; seconds: number }[] = [];
  for (let i = 0; i < 35; i++) {
    const date = new Date(Date.now() - i * 86400_000);
    const weekend = [0, 6].includes(new Date(date.getTime() + 8 * 3600_000).getUTCDay());
    const minutes = i % 9 === 4 ? 0 : weekend ? 15 + ((i * 17) % 30) : 35 + ((i * 29) % 70);
    if (minutes > 0) rows.push({ student_id: normal, day: formatDate(date), seconds: minutes * 60 });
    if (i % 6 === 2) rows.push({ student_id: graduated, day: formatDate(date), seconds: (20 + ((i * 11) % 40)) * 60 });
  }
  await trx.insertInto('study_daily').values(rows).execute();
  // Some progress in a second course, so the completion chart compares courses.
  const at = new Date(Date.now() - 5 * 86400_000);
  await trx
    .insertInto('learn_locations')
    .values([
      { student_id: normal, course_id: 'course-07', node_id: 'course-07-c1-s1', position: 600, watched: 600, is_study: 1, updated_at: at },
      { student_id: normal, course_id: 'course-07', node_id: 'course-07-c1-s2', position: 640, watched: 640, is_study: 1, updated_at: at },
      { student_id: normal, course_id: 'course-07', node_id: 'course-07-c1-s3', position: 700, watched: 700, is_study: 1, updated_at: at },
      { student_id: normal, course_id: 'course-07', node_id: 'course-07-c2-s1', position: 200, watched: 200, is_study: 2, updated_at: at },
    ])
    .execute();
}
