import { sql } from 'kysely';
import type { Course, CourseNode, CoursePageQuery, Recommendation } from '../../../contract/courses';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../lib/ids';
import { fileUrl } from '../files/files';
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
        'c.id',
        'c.year',
        'c.category',
        'c.name',
        'c.intro',
        'c.cover',
        'c.teacher_name',
        'c.is_home',
        'c.study_count',
        'c.created_at',
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

export function courseView(c: CourseRow, signedUp: boolean, learntSections = 0): Course {
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
    learntSections: signedUp ? learntSections : 0,
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

/**
 * How many sections of each of `courseIds` the student has learnt (learn_locations is_study 1, the
 * count the detail's 已学 n/m and 我的学习 show). Not cached: it moves with every lesson watched.
 */
async function learntSections(db: DbOrTrx, studentId: string, courseIds: readonly string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('learn_locations')
    .select(['course_id', db.fn.countAll<string>().as('n')])
    .where('student_id', '=', studentId)
    .where('is_study', '=', 1)
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  return new Map(rows.map((r) => [r.course_id, Number(r.n)]));
}

/** The cards of `rows` for this student: signed up or not, and how far. */
async function courseViews(db: DbOrTrx, studentId: string, rows: readonly CourseRow[], mine: ReadonlySet<string>): Promise<Course[]> {
  const learnt = await learntSections(
    db,
    studentId,
    rows.filter((c) => mine.has(c.id)).map((c) => c.id),
  );
  return rows.map((c) => courseView(c, mine.has(c.id), learnt.get(c.id)));
}

/** year: academic year of the offering ('2021'); absent: every year (全部). */
const matches = (c: CourseRow, q: CoursePageQuery) =>
  (!q.name || containsIgnoringCase(c.name, q.name)) && (!q.category || c.category === q.category) && (!q.year || c.year === q.year);

export async function pageCourses(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: CoursePageQuery, onlyMine = false) {
  const [catalog, mine] = await Promise.all([courseCatalog(db, content), signedUpCourses(db, students, studentId)]);
  const page = pageInMemory(
    catalog.filter((c) => matches(c, q) && (!onlyMine || mine.has(c.id))),
    q,
  );
  return { ...page, records: await courseViews(db, studentId, page.records, mine) };
}

/**
 * The course catalogue as anyone may browse it before login (issue 18 item 7): the same rows and
 * filters as pageCourses, so its counts are the ones the signed-in list and detail show, but only
 * what a card previews — nothing about any student.
 */
export async function pagePublicCourses(db: DbOrTrx, content: ContentCache, q: CoursePageQuery) {
  const page = pageInMemory(
    (await courseCatalog(db, content)).filter((c) => matches(c, q)),
    q,
  );
  return {
    ...page,
    records: page.records.map((c) => ({
      courseId: c.id,
      name: c.name,
      category: c.category,
      intro: c.intro,
      cover: c.cover,
      teacherName: c.teacher_name,
      studyCount: c.study_count,
      sectionCount: Number(c.section_count),
    })),
  };
}

/** A course's catalogue row, without asking anything about the student. */
export async function courseRow(db: DbOrTrx, content: ContentCache, courseId: string): Promise<CourseRow | undefined> {
  return (await courseCatalog(db, content)).find((c) => c.id === courseId);
}

export async function findCourse(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, courseId: string) {
  const row = await courseRow(db, content, courseId);
  if (!row) return undefined;
  return (await courseViews(db, studentId, [row], await signedUpCourses(db, students, studentId)))[0];
}

export async function homeCourses(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string) {
  const [catalog, mine] = await Promise.all([courseCatalog(db, content), signedUpCourses(db, students, studentId)]);
  return courseViews(db, studentId, catalog.filter((c) => c.is_home === 1).slice(0, 8), mine);
}

/** A course's nodes (chapters and sections) in tree order, read once per process (content cache). */
export const courseNodes = (db: DbOrTrx, content: ContentCache, courseId: string) =>
  content.get(`course-nodes:${courseId}`, ['course_nodes'], () =>
    db.selectFrom('course_nodes').selectAll().where('course_id', '=', courseId).orderBy('sort').orderBy('id').execute(),
  );

/** Chapters (type 1) with their sections (type 2), each with the student's isStudy. */
export async function courseTree(db: DbOrTrx, content: ContentCache, studentId: string, courseId: string): Promise<CourseNode[]> {
  const [nodes, learnt] = await Promise.all([
    courseNodes(db, content, courseId),
    db.selectFrom('learn_locations').select(['node_id', 'is_study']).where('student_id', '=', studentId).where('course_id', '=', courseId).execute(),
  ]);
  const state = new Map(learnt.map((l) => [l.node_id, l.is_study]));
  const items = new Map<string, CourseNode>(
    nodes.map((n) => [
      n.id,
      {
        uuid: n.id,
        nodeId: n.id,
        name: n.name,
        parentId: n.parent_id,
        nodeType: n.node_type,
        videoId: n.video_id ?? '',
        duration: n.duration,
        recommendUrl: n.recommend_url,
        isStudy: state.get(n.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: CourseNode[] = [];
  for (const it of items.values()) (items.get(it.parentId)?.children ?? roots).push(it);
  return roots;
}

/** Course ware: every section with its video, flat and in order. */
export async function courseWare(db: DbOrTrx, content: ContentCache, studentId: string, courseId: string) {
  const tree = await courseTree(db, content, studentId, courseId);
  return tree.flatMap((ch) =>
    ch.children.map(({ children: _sections, ...s }) => ({ ...s, chapterName: ch.name, videoUrl: s.videoId ? fileUrl(s.videoId) : '' })),
  );
}

/**
 * Signs the student up for a course. The study count grows once per sign-up, even when a
 * concurrent request (or a stale cache) got here too: only the insert that happened counts.
 */
export async function signUp(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, courseId: string): Promise<void> {
  const inserted = await db
    .insertInto('course_signups')
    .values({ id: newId(), student_id: studentId, course_id: courseId })
    .onConflict((oc) => oc.columns(['student_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  students.forget(studentId); // before answering; the trigger tells the other processes
  if (!inserted) return;
  await db
    .updateTable('courses')
    .set((eb) => ({ study_count: eb('study_count', '+', 1) }))
    .where('id', '=', courseId)
    .execute();
  // The trigger tells every process; this one must not answer from the old count meanwhile.
  content.invalidate('courses');
}

/** Recommended courses, in their order. */
export async function recommendations(db: DbOrTrx): Promise<Recommendation[]> {
  const rows = await db
    .selectFrom('recommendations as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .select(['c.id', 'c.name', 'c.cover', 'c.category', 'r.reason'])
    .orderBy('r.sort')
    .execute();
  return rows.map((x) => ({ uuid: x.id, courseId: x.id, name: x.name, cover: x.cover, category: x.category, reason: x.reason }));
}
