import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { PageQuery, YearQuery } from '../../lib/paging';
import { fileUrl } from '../files/files';
import { courseRow, courseTree, findCourse, homeCourses, pageCourses } from './courses';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const CoursePageQuery = Type.Object({ ...PageQuery, name: Type.Optional(Type.String({ maxLength: 100 })), category: Type.Optional(Type.String({ maxLength: 64 })), year: YearQuery });
const CourseIdQuery = Type.Object({ courseId: Id });
// getCourseByOfficialCourseId takes officialCourseId (courseId accepted too).
const OfficialQuery = Type.Object({ officialCourseId: Type.Optional(Id), courseId: Type.Optional(Id) });

/** Official courses, their node trees and the student's course sign-ups. */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  async function mustFind(studentId: string, courseId: string | undefined) {
    const c = courseId ? await findCourse(app.db, app.contentCache, app.studentCache, studentId, courseId) : undefined;
    if (!c) throw notFound('课程不存在');
    return c;
  }

  r.get('/api/course/officialCourse/pages', { schema: { querystring: CoursePageQuery } }, async (request) => ok(await pageCourses(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)));

  r.get('/api/course/officialCourse/getCourseByOfficialCourseId', { schema: { querystring: OfficialQuery } }, async (request) =>
    ok(await mustFind(studentIdOf(request), request.query.officialCourseId ?? request.query.courseId)),
  );

  // The tree is public within the platform: only the course's existence is checked, not a sign-up.
  r.get('/api/course/officialCourse/courseNodeTree', { schema: { querystring: CourseIdQuery } }, async (request) => {
    if (!(await courseRow(app.db, app.contentCache, request.query.courseId))) throw notFound('课程不存在');
    return ok(await courseTree(app.db, app.contentCache, studentIdOf(request), request.query.courseId));
  });

  // data 1 when the student has signed up for the course, else 0.
  r.get('/api/course/officialCourse/checkout', { schema: { querystring: CourseIdQuery } }, async (request) =>
    ok((await mustFind(studentIdOf(request), request.query.courseId)).isSignUp),
  );

  r.get('/api/course/officialCourse/homeCourse', async (request) => ok(await homeCourses(app.db, app.contentCache, app.studentCache, studentIdOf(request))));

  // Course ware: every section with its video, flat and in order.
  r.get('/api/course/officialCourse/getWareByCourseId', { schema: { querystring: CourseIdQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    await mustFind(studentId, request.query.courseId);
    const tree = await courseTree(app.db, app.contentCache, studentId, request.query.courseId);
    return ok(tree.flatMap((ch) => ch.children.map((s) => ({ ...s, chapterName: ch.name, videoUrl: s.videoId ? fileUrl(s.videoId) : '', children: undefined }))));
  });

  r.put('/api/course/custOfficialCourseSign/courseSignUp', { schema: { querystring: CourseIdQuery }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const studentId = studentIdOf(request);
    const c = await mustFind(studentId, request.query.courseId);
    if (!c.isSignUp) {
      const inserted = await app.db
        .insertInto('course_signups')
        .values({ id: newId(), student_id: studentId, course_id: c.courseId })
        .onConflict((oc) => oc.columns(['student_id', 'course_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      app.studentCache.forget(studentId); // before answering; the trigger tells the other processes
      // Counted once per sign-up, even when a concurrent request (or a stale cache) got here too.
      if (!inserted) return ok(1);
      await app.db.updateTable('courses').set((eb) => ({ study_count: eb('study_count', '+', 1) })).where('id', '=', c.courseId).execute();
      // The trigger tells every process; this one must not answer from the old count meanwhile.
      app.contentCache.invalidate('courses');
    }
    return ok(1);
  });

  r.get('/api/course/custOfficialCourseSign/pageCourseSignUp', { schema: { querystring: CoursePageQuery } }, async (request) =>
    ok(await pageCourses(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query, true)),
  );

  // Recommended courses: [{ uuid, courseId, name, cover, category, reason }]
  r.get('/api/course/recommendMsg/recommendLation', async () => {
    const rows = await app.db
      .selectFrom('recommendations as r')
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .select(['c.id', 'c.name', 'c.cover', 'c.category', 'r.reason'])
      .orderBy('r.sort')
      .execute();
    return ok(rows.map((x) => ({ uuid: x.id, courseId: x.id, name: x.name, cover: x.cover, category: x.category, reason: x.reason })));
  });
}
