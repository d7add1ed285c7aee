import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import { CasePreviewPage, CoursePreviewPage, PublicCaseQuery, PublicCourseQuery } from '../../../contract/catalogue';
import { ok } from '../../http/envelope';
import { pagePublicCases } from '../cases/cases';
import { pagePublicCourses } from '../courses/courses';

/**
 * The public catalogue (issue 18 item 7): course and case previews for the logged-out Home. SPEC
 * guards the detail routes, not a preview: these carry titles, covers, teachers and counts only,
 * never anything about a student, and the token, if any, is not even read.
 */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/course/public/coursePage', { schema: { querystring: PublicCourseQuery, response: Reply(CoursePreviewPage) } }, async (request) =>
    ok(await pagePublicCourses(app.db, app.contentCache, request.query)),
  );
  r.get('/api/course/public/casePage', { schema: { querystring: PublicCaseQuery, response: Reply(CasePreviewPage) } }, async (request) =>
    ok(await pagePublicCases(app.db, app.contentCache, request.query)),
  );
}
