import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { forbidden, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { PageQuery, YearQuery } from '../../lib/paging';
import { GRADUATED_MSG, caseAccess, requireCase } from './access';
import { caseResourceCounts, classifyTree, findCaseView, pageCases, ranking } from './cases';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const CasePageQuery = Type.Object({
  ...PageQuery,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  caseType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  classifyId: Type.Optional(Type.String({ maxLength: 64 })),
  year: YearQuery,
});
const CaseIdQuery = Type.Object({ caseId: Id });
const ApplyBody = Type.Object({ caseId: Id });
const AccessQuery = Type.Object({ caseId: Id, studentId: Type.Optional(Id) });

/** Project cases and practice items (case type 1/2), their classification, applications and access. */
export async function caseRoutes(app: FastifyInstance): Promise<void> {
  // The classification list is fetched before login too (SPEC §4) and holds nothing personal.
  // data: [{ uuid, name, parentId, children }] (SPEC §3 tree item)
  app.get('/api/course/caseClassification/getCaseClassifyList', async () => ok(await classifyTree(app.db)));

  await app.register(async (scope) => privateCaseRoutes(scope));
}

async function privateCaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/course/caseDetails/queryCasePage', { schema: { querystring: CasePageQuery } }, async (request) =>
    ok(await pageCases(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)),
  );

  // The student's own cases (applied or graduated).
  r.get('/api/course/caseDetails/queryUserCase', { schema: { querystring: CasePageQuery } }, async (request) =>
    ok(await pageCases(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query, true)),
  );

  r.get('/api/course/caseDetails/getCasesDetails', { schema: { querystring: CaseIdQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    const view = await findCaseView(app.db, app.contentCache, app.studentCache, studentId, request.query.caseId);
    if (!view) throw notFound('案例不存在');
    if (view.applyStatus === 2) throw forbidden(GRADUATED_MSG);
    return ok({ ...view, resourceCounts: await caseResourceCounts(app.db, app.contentCache, request.query.caseId) });
  });

  async function apply(studentId: string, caseId: string, applyType: 1 | 2) {
    await requireCase(app.db, caseId);
    const access = await caseAccess(app.db, studentId, caseId);
    if (access === 2) throw forbidden('您已结业，无法再次报名该案例');
    if (access === 0) {
      const inserted = await app.db
        .insertInto('case_applications')
        .values({ id: newId(), student_id: studentId, case_id: caseId, status: 1, apply_type: applyType })
        .onConflict((oc) => oc.columns(['student_id', 'case_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      app.studentCache.forget(studentId); // before answering; the trigger tells the other processes
      // Counted once per application, even when a concurrent request got here too.
      if (!inserted) return ok(1);
      await app.db.updateTable('cases').set((eb) => ({ study_count: eb('study_count', '+', 1) })).where('id', '=', caseId).execute();
      // The trigger tells every process; this one must not answer from the old count meanwhile.
      app.contentCache.invalidate('cases');
    }
    return ok(1);
  }
  r.post('/api/course/caseApply/saveApply', { schema: { body: ApplyBody }, config: { write: { experience: 'refuse' } } }, async (request) => apply(studentIdOf(request), request.body.caseId, 1));
  r.post('/api/course/caseApply/directApply', { schema: { body: ApplyBody }, config: { write: { experience: 'refuse' } } }, async (request) => apply(studentIdOf(request), request.body.caseId, 2));

  r.get('/api/course/caseApply/getRanking', { schema: { querystring: CaseIdQuery } }, async (request) => ok(await ranking(app.db, request.query.caseId)));

  // Case-access check (SPEC §3): data 0 none, 1 active, 2 graduated. Only one's own access is visible.
  r.get('/api/course/caseApply/checkCaseAccess', { schema: { querystring: AccessQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    if (request.query.studentId && request.query.studentId !== studentId) throw forbidden('无权查看其他学生的信息');
    return ok(await caseAccess(app.db, studentId, request.query.caseId));
  });
}
