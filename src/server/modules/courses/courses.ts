import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { formatDateTime } from '../../lib/time';
import { offsetOf, limitOf, pageOf, totalCount, totalOf } from '../../lib/paging';
import { escapeLike } from '../messages/messages';

function courseSelect(db: DbOrTrx, studentId: string) {
  return db
    .selectFrom('courses as c')
    .leftJoin('course_signups as s', (j) => j.onRef('s.course_id', '=', 'c.id').on('s.student_id', '=', studentId))
    .select([
      'c.id', 'c.category', 'c.name', 'c.intro', 'c.cover', 'c.teacher_name', 'c.is_home', 'c.study_count', 'c.created_at', 's.id as signup_id',
      sql<string>`(select count(*) from course_nodes n where n.course_id = c.id and n.node_type = 2)`.as('section_count'),
      sql<string>`(select coalesce(sum(n.duration), 0) from course_nodes n where n.course_id = c.id)`.as('total_duration'),
    ]);
}
type CourseRow = Awaited<ReturnType<ReturnType<typeof courseSelect>['execute']>>[number];

export function courseView(c: CourseRow) {
  return {
    uuid: c.id,
    courseId: c.id,
    officialCourseId: c.id,
    name: c.name,
    category: c.category,
    intro: c.intro,
    cover: c.cover,
    teacherName: c.teacher_name,
    isHome: c.is_home,
    studyCount: c.study_count,
    sectionCount: Number(c.section_count),
    totalDuration: Number(c.total_duration),
    isSignUp: c.signup_id ? 1 : 0,
    createTime: formatDateTime(c.created_at),
  };
}

export interface CourseQuery {
  currentNum: number;
  currentSize: number;
  name?: string;
  category?: string;
}

export async function pageCourses(db: DbOrTrx, studentId: string, q: CourseQuery, onlyMine = false) {
  let base = courseSelect(db, studentId);
  if (q.name) base = base.where('c.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.category) base = base.where('c.category', '=', q.category);
  if (onlyMine) base = base.where('s.id', 'is not', null);
  const rows = await base.select(totalCount()).orderBy('c.sort').orderBy('c.id').limit(limitOf(q)).offset(offsetOf(q)).execute();
  const total = await totalOf(rows, q, async () => Number((await base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
  return pageOf(rows.map(courseView), total, q.currentNum, q.currentSize);
}

export async function findCourse(db: DbOrTrx, studentId: string, courseId: string) {
  const row = await courseSelect(db, studentId).where('c.id', '=', courseId).executeTakeFirst();
  return row ? courseView(row) : undefined;
}

export async function homeCourses(db: DbOrTrx, studentId: string) {
  const rows = await courseSelect(db, studentId).where('c.is_home', '=', 1).orderBy('c.sort').limit(8).execute();
  return rows.map(courseView);
}

export interface CourseNodeItem {
  uuid: string;
  nodeId: string;
  name: string;
  parentId: string;
  nodeType: number;
  videoId: string;
  duration: number;
  recommendUrl: string;
  isStudy: number;
  children: CourseNodeItem[];
}

/** Chapters (type 1) with their sections (type 2), each with the student's isStudy. */
export async function courseTree(db: DbOrTrx, studentId: string, courseId: string): Promise<CourseNodeItem[]> {
  const [nodes, learnt] = await Promise.all([
    db.selectFrom('course_nodes').selectAll().where('course_id', '=', courseId).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('learn_locations').select(['node_id', 'is_study']).where('student_id', '=', studentId).where('course_id', '=', courseId).execute(),
  ]);
  const state = new Map(learnt.map((l) => [l.node_id, l.is_study]));
  const items = new Map<string, CourseNodeItem>(
    nodes.map((n) => [
      n.id,
      { uuid: n.id, nodeId: n.id, name: n.name, parentId: n.parent_id, nodeType: n.node_type, videoId: n.video_id ?? '', duration: n.duration, recommendUrl: n.recommend_url, isStudy: state.get(n.id) ?? 0, children: [] },
    ]),
  );
  const roots: CourseNodeItem[] = [];
  for (const it of items.values()) (items.get(it.parentId)?.children ?? roots).push(it);
  return roots;
}
