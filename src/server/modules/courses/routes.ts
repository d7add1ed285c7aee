import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Reply } from '../../../contract/common';
import {
  CourseIdQuery,
  CoursePage,
  CoursePageQuery,
  Course,
  CourseTree,
  CourseWare,
  Flag01,
  OfficialCourseQuery,
  Recommendations,
} from '../../../contract/courses';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { courseRow, courseTree, courseWare, findCourse, homeCourses, pageCourses, recommendations, signUp } from './courses';

const NoQuery = Type.Object({});

/** Official courses, their node trees and the student's course sign-ups. */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);
  const { db, contentCache, studentCache } = app;

  async function mustFind(studentId: string, courseId: string | undefined) {
    const c = courseId ? await findCourse(db, contentCache, studentCache, studentId, courseId) : undefined;
    if (!c) throw notFound('课程不存在');
    return c;
  }

  r.get('/api/course/officialCourse/pages', { schema: { querystring: CoursePageQuery, response: Reply(CoursePage) } }, async (request) =>
    ok(await pageCourses(db, contentCache, studentCache, studentIdOf(request), request.query)),
  );

  r.get('/api/course/officialCourse/getCourseByOfficialCourseId', { schema: { querystring: OfficialCourseQuery, response: Reply(Course) } }, async (request) =>
    ok(await mustFind(studentIdOf(request), request.query.officialCourseId ?? request.query.courseId)),
  );

  // The tree is public within the platform: only the course's existence is checked, not a sign-up.
  r.get('/api/course/officialCourse/courseNodeTree', { schema: { querystring: CourseIdQuery, response: Reply(CourseTree) } }, async (request) => {
    if (!(await courseRow(db, contentCache, request.query.courseId))) throw notFound('课程不存在');
    return ok(await courseTree(db, contentCache, studentIdOf(request), request.query.courseId));
  });

  // data 1 when the student has signed up for the course, else 0.
  r.get('/api/course/officialCourse/checkout', { schema: { querystring: CourseIdQuery, response: Reply(Flag01) } }, async (request) =>
    ok((await mustFind(studentIdOf(request), request.query.courseId)).isSignUp),
  );

  r.get('/api/course/officialCourse/homeCourse', { schema: { querystring: NoQuery, response: Reply(Type.Array(Course)) } }, async (request) =>
    ok(await homeCourses(db, contentCache, studentCache, studentIdOf(request))),
  );

  // Course ware: every section with its video, flat and in order.
  r.get('/api/course/officialCourse/getWareByCourseId', { schema: { querystring: CourseIdQuery, response: Reply(CourseWare) } }, async (request) => {
    const studentId = studentIdOf(request);
    await mustFind(studentId, request.query.courseId);
    return ok(await courseWare(db, contentCache, studentId, request.query.courseId));
  });

  r.put(
    '/api/course/custOfficialCourseSign/courseSignUp',
    { schema: { querystring: CourseIdQuery, response: Reply(Type.Literal(1)) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const c = await mustFind(studentId, request.query.courseId);
      if (!c.isSignUp) await signUp(db, contentCache, studentCache, studentId, c.courseId);
      return ok(1 as const);
    },
  );

  r.get('/api/course/custOfficialCourseSign/pageCourseSignUp', { schema: { querystring: CoursePageQuery, response: Reply(CoursePage) } }, async (request) =>
    ok(await pageCourses(db, contentCache, studentCache, studentIdOf(request), request.query, true)),
  );

  r.get('/api/course/recommendMsg/recommendLation', { schema: { querystring: NoQuery, response: Reply(Recommendations) } }, async () =>
    ok(await recommendations(db)),
  );
}
