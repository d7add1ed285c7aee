import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, ResultCode, forbidden, notFound, ok, okJson } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type WritePolicy } from '../../http/write-policy';
import { GRADUATED_MSG, assertNotGraduated } from '../cases/access';
import { caseExists } from '../cases/cases';
import { MAX_DOCUMENT_BYTES, markProgress, outlineDescribes, parseDocument, toOutline } from './document';
import { caseAccessAndProgress, currentVersion, nodeListJson, officialMap, officialNodes, saveStudentMap, studentMap } from './maps';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const CaseQuery = Type.Object({ caseId: Id, studentId: Type.Optional(Id) });
/** student_maps.version is a 32-bit integer column. */
const Version = Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 });
const SaveBody = Type.Object({
  caseId: Id,
  // The .km document as JSON, or the same serialised as a string: both go through parseDocument.
  document: Type.Union([Type.Unsafe<Record<string, unknown>>({ type: 'object' }), Type.String({ maxLength: MAX_DOCUMENT_BYTES })]),
  version: Version,
});
const OutlineBody = Type.Object({ caseId: Id, outline: Type.String({ maxLength: 1024 * 1024 }), version: Type.Optional(Version) });
/** Saving is the student's own study of a case they applied to; the experience account only tries the editor (SPEC §6). */
const caseWrite: WritePolicy = { experience: 'refuse', caseOf: caseInBody };

/** Official and personal study maps of a case (SPEC §7 mindStudent/*, mindDetails/*). */
export async function mindmapRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  /** One's own maps only, of a case that exists. */
  async function checkCase(studentId: string, caseId: string, askedFor?: string) {
    if (askedFor && askedFor !== studentId) throw forbidden('无权查看其他学生的思维导图');
    if (!(await caseExists(app.db, app.contentCache, caseId))) throw notFound('案例不存在');
  }

  async function guard(studentId: string, caseId: string, askedFor?: string) {
    await checkCase(studentId, caseId, askedFor);
    await assertNotGraduated(app.db, studentId, caseId);
  }

  /** guard, for screens that also show the student's progress: both from one statement. */
  async function openCase(studentId: string, caseId: string, askedFor?: string) {
    await checkCase(studentId, caseId, askedFor);
    const progress = await caseAccessAndProgress(app.db, studentId, caseId);
    if (progress.access === 2) throw forbidden(GRADUATED_MSG);
    return progress;
  }

  // data: { caseId, document, version (0 = official map, not yet saved), isOfficial, updateTime }
  r.get('/api/course/mindStudent/showMind', { schema: { querystring: CaseQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    const { learnt, now } = await openCase(studentId, caseId, request.query.studentId);
    const own = await studentMap(app.db, studentId, caseId);
    const document = own?.document ?? (await officialMap(app.db, caseId));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({ caseId, document: markProgress(document, learnt, now), version: own?.version ?? 0, isOfficial: own ? 0 : 1, updateTime: own?.updateTime ?? '' });
  });

  // Whether the case has a published map and whether the student has their own copy.
  r.get('/api/course/mindStudent/checkIssue', { schema: { querystring: CaseQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    await guard(studentId, request.query.caseId, request.query.studentId);
    const official = await officialMap(app.db, request.query.caseId);
    const version = await currentVersion(app.db, studentId, request.query.caseId);
    return ok({ issued: official ? 1 : 0, hasOwn: version > 0 ? 1 : 0, version });
  });

  r.get('/api/course/mindStudent/getMindOutline', { schema: { querystring: CaseQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    await guard(studentId, request.query.caseId, request.query.studentId);
    const own = await studentMap(app.db, studentId, request.query.caseId);
    const document = own?.document ?? (await officialMap(app.db, request.query.caseId));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({ outline: own?.outline || toOutline(document), version: own?.version ?? 0 });
  });

  r.post('/api/course/mindStudent/saveStuMind', { schema: { body: SaveBody }, config: { write: caseWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, version } = request.body;
    // The case and the student's application were checked by the write policy (caseWrite).
    const { doc, text } = parseDocument(request.body.document);
    const saved = await saveStudentMap(app.db, studentId, caseId, version, text, toOutline(doc));
    if (saved === undefined) {
      const latest = await currentVersion(app.db, studentId, caseId);
      throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保存', { version: latest });
    }
    return ok({ version: saved });
  });

  // Stores the student's own wording of the outline (tabs or four spaces) beside their map. The
  // outline must describe the saved map (the client applies it to the map and saves that with
  // saveStuMind first), and `version`, when sent, must still be current: a stale or different
  // outline answers 409 and stores nothing, so map and outline never diverge. Saving an outline
  // never creates or bumps a map version (that would make the editor's next save stale).
  r.post('/api/course/mindStudent/saveOutline', { schema: { body: OutlineBody }, config: { write: caseWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, outline, version } = request.body;
    const saved = await app.db.transaction().execute(async (trx) => {
      const own = await studentMap(trx, studentId, caseId);
      const document = own?.document ?? (await officialMap(trx, caseId));
      if (!document) throw notFound('该案例暂无思维导图');
      const current = own?.version ?? 0;
      if (version !== undefined && version !== current) throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保存大纲', { version: current });
      if (!outlineDescribes(outline, document)) throw new ApiError(ResultCode.conflict, '大纲与导图不一致，请先将大纲应用到导图', { version: current });
      // Without an own map the derived outline already says the same thing: nothing to store.
      if (own) await trx.updateTable('student_maps').set({ outline }).where('student_id', '=', studentId).where('case_id', '=', caseId).where('version', '=', current).execute();
      return current;
    });
    return ok({ version: saved });
  });

  // Per-node study state of the official map: [{ nodeId, text, level, isStudy, isNow, resourceCount, hasExam }]
  // hasExam 1: the node has a node exam (getExamByNodeId answers for it), so screens can offer 节点测试.
  r.get('/api/course/mindDetails/queryNodeBasicByStudentId', { schema: { querystring: CaseQuery } }, async (request, reply) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    const { learnt, now } = await openCase(studentId, caseId, request.query.studentId);
    const nodes = await officialNodes(app.db, app.contentCache, caseId);
    if (!nodes) throw notFound('该案例暂无思维导图');
    return reply.type('application/json; charset=utf-8').send(okJson(nodeListJson(nodes, learnt, now)));
  });
}
