import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { withCreateTime } from '../../lib/time';
import type { ContentCache } from '../../lib/content-cache';
import type { StudentCache } from '../../lib/student-cache';
import { containsIgnoringCase, pageInMemory } from '../../lib/paging';

/** Every course with its section count and total video time: content, cached per process. */
function courseCatalog(db: DbOrTrx, content: ContentCache) {
  return content.get('courses', ['courses', 'course_nodes'], () =>
    db
      .selectFrom('courses as c')
      .select([
        'c.id', 'c.year', 'c.category', 'c.name', 'c.intro', 'c.cover', 'c.teacher_name', 'c.is_home', 'c.study_count', 'c.created_at',
        sql<string>`(select count(*) from course_nodes n where n.course_id = c.id and n.node_type = 2)`.as('section_count'),
        sql<string>`(select coalesce(sum(n.duration), 0) from course_nodes n where n.course_id = c.id)`.as('total_duration'),
      ])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute()
      .then(withCreateTime),
  );
}
type CourseRow = Awaited<ReturnType<typeof courseCatalog>>[number];

export function courseView(c: CourseRow, signedUp: boolean) {
  return {
    uuid: c.id,
    courseId: c.id,
    officialCourseId: c.id,
    name: c.name,
    category: c.category,
    year: c.year ?? '',
    intro: c.intro,
    cover: c.cover,
    teacherName: c.teacher_name,
    isHome: c.is_home,
    studyCount: c.study_count,
    sectionCount: Number(c.section_count),
    totalDuration: Number(c.total_duration),
    isSignUp: signedUp ? 1 : 0,
    createTime: c.createTime,
  };
}

/** The courses this student has signed up for (a handful of rows), cached per student: read-only. */
function signedUpCourses(db: DbOrTrx, students: StudentCache, studentId: string): Promise<ReadonlySet<string>> {
  return students.get(studentId, 'courses', async () => {
    const rows = await db.selectFrom('course_signups').select('course_id').where('student_id', '=', studentId).execute();
    return new Set(rows.map((r) => r.course_id));
  });
}

export interface CourseQuery {
  currentNum: number;
  currentSize: number;
  name?: string;
  category?: string;
  /** academic year of the offering ('2021'); absent: every year (全部) */
  year?: string;
}

export async function pageCourses(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: CourseQuery, onlyMine = false) {
  const [catalog, mine] = await Promise.all([courseCatalog(db, content), signedUpCourses(db, students, studentId)]);
  const matching = catalog.filter(
    (c) => (!q.name || containsIgnoringCase(c.name, q.name)) && (!q.category || c.category === q.category) && (!q.year || c.year === q.year) && (!onlyMine || mine.has(c.id)),
  );
  const page = pageInMemory(matching, q);
  return { ...page, records: page.records.map((c) => courseView(c, mine.has(c.id))) };
}

/** A course's catalogue row, without asking anything about the student. */
export async function courseRow(db: DbOrTrx, content: ContentCache, courseId: string): Promise<CourseRow | undefined> {
  return (await courseCatalog(db, content)).find((c) => c.id === courseId);
}

export async function findCourse(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, courseId: string) {
  const row = await courseRow(db, content, courseId);
  if (!row) return undefined;
  return courseView(row, (await signedUpCourses(db, students, studentId)).has(courseId));
}

export async function homeCourses(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string) {
  const [catalog, mine] = await Promise.all([courseCatalog(db, content), signedUpCourses(db, students, studentId)]);
  return catalog.filter((c) => c.is_home === 1).slice(0, 8).map((c) => courseView(c, mine.has(c.id)));
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
export async function courseTree(db: DbOrTrx, content: ContentCache, studentId: string, courseId: string): Promise<CourseNodeItem[]> {
  const [nodes, learnt] = await Promise.all([
    content.get(`course-nodes:${courseId}`, ['course_nodes'], () => db.selectFrom('course_nodes').selectAll().where('course_id', '=', courseId).orderBy('sort').orderBy('id').execute()),
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
