import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Applied,
  ApplyBody,
  CaseAccess,
  CaseAccessQuery,
  CaseDetail,
  CaseIdQuery,
  CasePage,
  CasePageQuery,
  ClassifyTree,
  Ranking,
} from '../../../contract/cases';
import { Reply } from '../../../contract/common';
import { forbidden, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { GRADUATED_MSG, caseAccess, requireCase } from './access';
import { applyToCase, caseResourceCounts, classifyTree, findCaseView, pageCases, ranking } from './cases';

const NoQuery = Type.Object({});

/** Project cases and practice items (case type 1/2), their classification, applications and access. */
export async function caseRoutes(app: FastifyInstance): Promise<void> {
  // The classification list is fetched before login too (SPEC §4) and holds nothing personal.
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/api/course/caseClassification/getCaseClassifyList', { schema: { querystring: NoQuery, response: Reply(ClassifyTree) } }, async () =>
      ok(await classifyTree(app.db)),
    );

  await app.register(async (scope) => privateCaseRoutes(scope));
}

async function privateCaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);
  const { db, contentCache, studentCache } = app;

  r.get('/api/course/caseDetails/queryCasePage', { schema: { querystring: CasePageQuery, response: Reply(CasePage) } }, async (request) =>
    ok(await pageCases(db, contentCache, studentCache, studentIdOf(request), request.query)),
  );

  // The student's own cases (applied or graduated).
  r.get('/api/course/caseDetails/queryUserCase', { schema: { querystring: CasePageQuery, response: Reply(CasePage) } }, async (request) =>
    ok(await pageCases(db, contentCache, studentCache, studentIdOf(request), request.query, true)),
  );

  r.get('/api/course/caseDetails/getCasesDetails', { schema: { querystring: CaseIdQuery, response: Reply(CaseDetail) } }, async (request) => {
    const studentId = studentIdOf(request);
    const view = await findCaseView(db, contentCache, studentCache, studentId, request.query.caseId);
    if (!view) throw notFound('案例不存在');
    if (view.applyStatus === 2) throw forbidden(GRADUATED_MSG);
    return ok({ ...view, resourceCounts: await caseResourceCounts(db, contentCache, request.query.caseId) });
  });

  async function apply(studentId: string, caseId: string, applyType: 1 | 2) {
    await requireCase(db, caseId);
    const access = await caseAccess(db, studentId, caseId);
    if (access === 2) throw forbidden('您已结业，无法再次报名该案例');
    if (access === 0) await applyToCase(db, contentCache, studentCache, studentId, caseId, applyType);
    return ok(1 as const);
  }
  r.post(
    '/api/course/caseApply/saveApply',
    { schema: { body: ApplyBody, response: Reply(Applied) }, config: { write: { experience: 'refuse' } } },
    async (request) => apply(studentIdOf(request), request.body.caseId, 1),
  );
  r.post(
    '/api/course/caseApply/directApply',
    { schema: { body: ApplyBody, response: Reply(Applied) }, config: { write: { experience: 'refuse' } } },
    async (request) => apply(studentIdOf(request), request.body.caseId, 2),
  );

  r.get('/api/course/caseApply/getRanking', { schema: { querystring: CaseIdQuery, response: Reply(Ranking) } }, async (request) =>
    ok(await ranking(db, contentCache, request.query.caseId)),
  );

  // Case-access check (SPEC §3): data 0 none, 1 active, 2 graduated. Only one's own access is visible.
  r.get('/api/course/caseApply/checkCaseAccess', { schema: { querystring: CaseAccessQuery, response: Reply(CaseAccess) } }, async (request) => {
    const studentId = studentIdOf(request);
    if (request.query.studentId && request.query.studentId !== studentId) throw forbidden('无权查看其他学生的信息');
    return ok(await caseAccess(db, studentId, request.query.caseId));
  });
}
