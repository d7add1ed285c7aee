import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  CaseNodes,
  KeepVersionBody,
  MapVersionList,
  MapVersionQuery,
  MindCaseQuery,
  MindIssue,
  MindOutline,
  SaveMindBody,
  SaveOutlineBody,
  SavedVersion,
  ShownMapVersion,
  ShownMind,
  ShowMindQuery,
} from '../../../contract/mindmaps';
import { ApiError, ResultCode, forbidden, notFound, ok, okJson } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type WritePolicy } from '../../http/write-policy';
import { GRADUATED_MSG, assertNotGraduated } from '../cases/access';
import { caseExists } from '../cases/cases';
import { MAX_DOCUMENT_BYTES, markProgress, parseDocument, toOutline } from './document';
import { syncOneCase } from '../review/cards';
import { getVersion, keepVersion, listVersions, mapMeta } from './versions';
import { caseAccessAndProgress, currentVersion, nodeListJson, nowOf, officialMap, officialNodes, saveOwnOutline, saveStudentMap, studentMap } from './maps';

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

  /**
   * guard, for screens that also show the student's progress: access and learnt nodes from one
   * statement, the official node list (cached) and the one 正在学 node (nowOf).
   */
  async function openCase(studentId: string, caseId: string, askedFor?: string) {
    await checkCase(studentId, caseId, askedFor);
    const [progress, nodes] = await Promise.all([caseAccessAndProgress(app.db, studentId, caseId), officialNodes(app.db, app.contentCache, caseId)]);
    if (progress.access === 2) throw forbidden(GRADUATED_MSG);
    const now = nodes ? nowOf(progress.studied, progress.learnt, nodes) : undefined;
    return { learnt: progress.learnt, now, nodes };
  }

  // The document goes out as stored: ShownMind declares it opaque, so serialisation never walks a large map.
  r.get('/api/course/mindStudent/showMind', { schema: { querystring: ShowMindQuery, response: Reply(ShownMind) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    const { learnt, now } = await openCase(studentId, caseId, request.query.studentId);
    // 知识点详情 reads the official map with the student's progress; 我的学习导图 their own copy.
    const own = request.query.official === 1 ? undefined : await studentMap(app.db, studentId, caseId);
    const document = own?.document ?? (await officialMap(app.db, caseId));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({
      caseId,
      document: markProgress(document, learnt, now),
      version: own?.version ?? 0,
      isOfficial: own ? 0 : 1,
      updateTime: own?.updateTime ?? '',
    });
  });

  // Whether the case has a published map and whether the student has their own copy.
  r.get('/api/course/mindStudent/checkIssue', { schema: { querystring: MindCaseQuery, response: Reply(MindIssue) } }, async (request) => {
    const studentId = studentIdOf(request);
    await guard(studentId, request.query.caseId, request.query.studentId);
    const official = await officialMap(app.db, request.query.caseId);
    const version = await currentVersion(app.db, studentId, request.query.caseId);
    return ok({ issued: official ? 1 : 0, hasOwn: version > 0 ? 1 : 0, version });
  });

  r.get('/api/course/mindStudent/getMindOutline', { schema: { querystring: MindCaseQuery, response: Reply(MindOutline) } }, async (request) => {
    const studentId = studentIdOf(request);
    await guard(studentId, request.query.caseId, request.query.studentId);
    const own = await studentMap(app.db, studentId, request.query.caseId);
    const document = own?.document ?? (await officialMap(app.db, request.query.caseId));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({ outline: own?.outline || toOutline(document), version: own?.version ?? 0 });
  });

  r.post(
    '/api/course/mindStudent/saveStuMind',
    { schema: { body: SaveMindBody, response: Reply(SavedVersion) }, config: { write: caseWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request) => {
      const studentId = studentIdOf(request);
      const { caseId, version } = request.body;
      // The case and the student's application were checked by the write policy (caseWrite).
      const { doc, text } = parseDocument(request.body.document);
      const saved = await saveStudentMap(app.db, studentId, caseId, version, { document: text, outline: toOutline(doc), ...mapMeta(doc) });
      if (saved === undefined) {
        const latest = await currentVersion(app.db, studentId, caseId);
        throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保存', { version: latest });
      }
      // Review cards follow the saved map: nodes marked 已学 get one, deleted nodes' cards retire.
      await syncOneCase(app.db, studentId, caseId, doc);
      return ok({ version: saved });
    },
  );

  // The student's own wording of the outline, only while it describes the saved map (saveOwnOutline).
  r.post(
    '/api/course/mindStudent/saveOutline',
    { schema: { body: SaveOutlineBody, response: Reply(SavedVersion) }, config: { write: caseWrite } },
    async (request) => {
      const studentId = studentIdOf(request);
      const { caseId, outline, version } = request.body;
      return ok({ version: await saveOwnOutline(app.db, studentId, caseId, outline, version) });
    },
  );

  // 历史版本 (issue 19 item 5, versions.ts): reads only, under the same rules as the map itself;
  // the experience account may look (it has no saved map, so nothing is listed) but not keep.
  r.get('/api/course/mindStudent/mapVersions', { schema: { querystring: MindCaseQuery, response: Reply(MapVersionList) } }, async (request) => {
    const studentId = studentIdOf(request);
    await guard(studentId, request.query.caseId, request.query.studentId);
    return ok(await listVersions(app.db, studentId, request.query.caseId));
  });

  r.get('/api/course/mindStudent/mapVersion', { schema: { querystring: MapVersionQuery, response: Reply(ShownMapVersion) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, versionId } = request.query;
    await guard(studentId, caseId, request.query.studentId);
    return ok(await getVersion(app.db, studentId, caseId, versionId));
  });

  // 保留当前版本, and the editor before a restore or an import: the saved map kept as a version now.
  r.post(
    '/api/course/mindStudent/keepMapVersion',
    { schema: { body: KeepVersionBody, response: Reply(SavedVersion) }, config: { write: caseWrite } },
    async (request) => {
      const { caseId, version } = request.body;
      return ok({ version: await keepVersion(app.db, studentIdOf(request), caseId, version) });
    },
  );

  // Per-node study state of the official map (CaseNodes). A hot route: the answer is pre-serialised
  // JSON (okJson, from the cached node list), which Fastify sends as is; the schema is declared for
  // the contract and the route table, and this route's test checks the answer against it.
  r.get('/api/course/mindDetails/queryNodeBasicByStudentId', { schema: { querystring: MindCaseQuery, response: Reply(CaseNodes) } }, async (request, reply) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    const { learnt, now, nodes } = await openCase(studentId, caseId, request.query.studentId);
    if (!nodes) throw notFound('该案例暂无思维导图');
    // JSON text is sent as is (the typed reply expects the schema's object, hence the cast).
    return reply.type('application/json; charset=utf-8').send(okJson(nodeListJson(nodes, learnt, now)) as never);
  });
}
