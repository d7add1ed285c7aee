import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  CaseNodes,
  KeepVersionBody,
  MapVersionList,
  MarkNowBody,
  MemberNow,
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
import { Type } from 'typebox';
import { SHARE_MSG } from '../../../contract/sharing';
import { MapChangesQuery, ReloadNeeded, SaveChangesBody, SavedChanges } from '../../../contract/map-changes';
import { ApiError, ResultCode, badRequest, forbidden, notFound, ok, okJson } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type WritePolicy } from '../../http/write-policy';
import { GRADUATED_MSG, assertNotGraduated } from '../cases/access';
import { caseExists } from '../cases/cases';
import { MAX_DOCUMENT_BYTES, markProgress, parseDocument, toOutline } from './document';
import { CARD_CAP_MSG } from '../review/cards';
import { getVersion, keepVersion, listVersions } from './versions';
import { saveMapAndEffects } from './save';
import { mapChangesJson } from './changes';
import { asMemberSees, caseMapOwner, keepOwnerProgress, saveChangesAs } from '../sharing/case-map';
import { memberNow, setMemberNow } from '../sharing/members';
import { caseAccessAndProgress, currentVersion, nodeListJson, nowOf, officialMap, officialNodes, saveOwnOutline, staleAnswer, studentMap } from './maps';

/** The sets after a version, or the 409 that asks the tab to load the map whole (its envelope's data). */
const ChangesReply = Reply(Type.Union([SavedChanges, ReloadNeeded]));

/** Saving is the student's own study of a case they applied to; the experience account only tries the editor (SPEC §6). */
const caseWrite: WritePolicy = { experience: 'refuse', caseOf: caseInBody };

/** Official and personal study maps of a case (SPEC §7 mindStudent/*, mindDetails/*). */
export async function mindmapRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  /**
   * One's own maps, or a map shared with one (`askedFor`: its owner; sharing/case-map.ts), of a
   * case that exists. Resolves the map's owner.
   */
  async function checkCase(studentId: string, caseId: string, askedFor?: string): Promise<string> {
    const owner = await caseMapOwner(app.db, studentId, caseId, askedFor);
    if (!(await caseExists(app.db, app.contentCache, caseId))) throw notFound('案例不存在');
    return owner;
  }

  async function guard(studentId: string, caseId: string, askedFor?: string): Promise<string> {
    const owner = await checkCase(studentId, caseId, askedFor);
    await assertNotGraduated(app.db, studentId, caseId);
    return owner;
  }

  /**
   * guard, for screens that also show the student's progress: access and learnt nodes from the
   * student's cached cases, the official node list (cached) and the one 正在学 node (nowOf).
   */
  async function openCase(studentId: string, caseId: string, askedFor?: string) {
    const owner = await checkCase(studentId, caseId, askedFor);
    const [progress, nodes] = await Promise.all([
      caseAccessAndProgress(app.db, studentId, caseId, app.studentCache),
      officialNodes(app.db, app.contentCache, caseId),
    ]);
    if (progress.access === 2) throw forbidden(GRADUATED_MSG);
    const now = nodes ? nowOf(progress.studied, progress.learnt, nodes) : undefined;
    return { learnt: progress.learnt, now, nodes, owner };
  }

  // The document goes out as stored: ShownMind declares it opaque, so serialisation never walks a large map.
  r.get('/api/course/mindStudent/showMind', { schema: { querystring: ShowMindQuery, response: Reply(ShownMind) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    const { learnt, now, owner } = await openCase(studentId, caseId, request.query.studentId);
    // 知识点详情 reads the official map with the student's progress; 我的学习导图 their own copy
    // (or the owner's, shared with them: the owner's marks out, the reader's own in — their
    // hand-set 正在学 from their row of map_members, as the owner's is in the owner's map).
    const official = request.query.official === 1;
    const [own, handNow] = await Promise.all([
      official ? undefined : studentMap(app.db, owner, caseId, app.mapHeads),
      official || owner === studentId ? undefined : memberNow(app.db, owner, caseId, studentId),
    ]);
    const document = own?.document ?? (await officialMap(app.db, caseId, app.contentCache));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({
      caseId,
      document: markProgress(owner === studentId ? document : asMemberSees(document, handNow), learnt, now),
      version: own?.version ?? 0,
      isOfficial: own ? 0 : 1,
      updateTime: own?.updateTime ?? '',
      ...(own?.wholeSaveId ? { wholeSaveId: own.wholeSaveId } : {}),
    });
  });

  // Whether the case has a published map and whether the student has their own copy.
  r.get('/api/course/mindStudent/checkIssue', { schema: { querystring: MindCaseQuery, response: Reply(MindIssue) } }, async (request) => {
    const studentId = studentIdOf(request);
    const owner = await guard(studentId, request.query.caseId, request.query.studentId);
    const official = await officialMap(app.db, request.query.caseId, app.contentCache);
    const version = await currentVersion(app.db, owner, request.query.caseId);
    return ok({ issued: official ? 1 : 0, hasOwn: version > 0 ? 1 : 0, version });
  });

  r.get('/api/course/mindStudent/getMindOutline', { schema: { querystring: MindCaseQuery, response: Reply(MindOutline) } }, async (request) => {
    const studentId = studentIdOf(request);
    const owner = await guard(studentId, request.query.caseId, request.query.studentId);
    const own = await studentMap(app.db, owner, request.query.caseId, app.mapHeads);
    const document = own?.document ?? (await officialMap(app.db, request.query.caseId, app.contentCache));
    if (!document) throw notFound('该案例暂无思维导图');
    return ok({ outline: own?.outline || toOutline(document), version: own?.version ?? 0 });
  });

  r.post(
    '/api/course/mindStudent/saveStuMind',
    { schema: { body: SaveMindBody, response: Reply(SavedVersion) }, config: { write: caseWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request) => {
      const studentId = studentIdOf(request);
      const { caseId, version } = request.body;
      // The case and the student's application were checked by the write policy (caseWrite); a shared map's owner here.
      const owner = await caseMapOwner(app.db, studentId, caseId, request.body.studentId, true);
      let { doc, text } = parseDocument(request.body.document);
      // a member's whole save carries the owner's 已学 marks, not theirs
      if (owner !== studentId) ({ doc, text } = parseDocument(keepOwnerProgress(doc, (await studentMap(app.db, owner, caseId, app.mapHeads))?.document)));
      // The map, its versions and its review cards (已学 nodes get one, deleted nodes' cards retire) in one transaction.
      const saved = await saveMapAndEffects(app.db, owner, caseId, version, doc, text, app.mapHeads, new Date(), request.body.saveId);
      if (saved === undefined) throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保存', await staleAnswer(app.db, owner, caseId));
      // stored: a bus that fails (Redis down) only delays the others' reload, never this answer
      await app.live.announceWhole({ kind: 'case', ownerId: owner, ref: caseId }, saved.version).catch((e: unknown) => request.log.warn(e, 'live bus'));
      return ok({ version: saved.version, ...(saved.cards.missed ? { notice: CARD_CAP_MSG } : {}) });
    },
  );

  // 标记正在学 / 取消 by a member on a classmate's map: their own progress, kept on their row (as
  // 标记已学 is kept in their records: the experience account refused, their own application
  // active; 只读 members too). The owner's 正在学 is saved with their map (saveChanges).
  r.post('/api/course/mindStudent/markNow', { schema: { body: MarkNowBody, response: Reply(MemberNow) }, config: { write: caseWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, studentId: owner, nodeId, isNow } = request.body;
    if (owner === studentId) throw badRequest(SHARE_MSG.ownNow);
    return ok({ nodeId: await setMemberNow(app.db, owner, caseId, studentId, nodeId, isNow === 1) });
  });

  // Change sets (issue 30, changes.ts): a save that costs what the edit costs. The answer is JSON
  // text with the stored sets spliced in (sent as is, like queryNodeBasicByStudentId's).
  r.post(
    '/api/course/mindStudent/saveChanges',
    { schema: { body: SaveChangesBody, response: ChangesReply }, config: { write: caseWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request, reply) => {
      const studentId = studentIdOf(request);
      const { caseId } = request.body;
      const owner = await caseMapOwner(app.db, studentId, caseId, request.body.studentId, true);
      const json = await saveChangesAs(app.db, app.mapHeads, studentId, owner, caseId, request.body);
      // the sets are stored: a bus that fails (Redis down) only delays the others, who catch up from the log
      await app.live
        .announce({ kind: 'case', ownerId: owner, ref: caseId }, json, new Set(request.body.sets.map((s) => s.id)), studentId)
        .catch((e: unknown) => request.log.warn(e, 'live bus'));
      return reply.type('application/json; charset=utf-8').send(okJson(json) as never);
    },
  );

  // The sets another tab or device saved since `since` (reads; the guard of mapVersions).
  r.get('/api/course/mindStudent/mapChanges', { schema: { querystring: MapChangesQuery, response: ChangesReply } }, async (request, reply) => {
    const studentId = studentIdOf(request);
    const owner = await guard(studentId, request.query.caseId, request.query.studentId);
    const json = await mapChangesJson(app.db, owner, request.query.caseId, request.query.since);
    return reply.type('application/json; charset=utf-8').send(okJson(json) as never);
  });

  // The student's own wording of the outline, only while it describes the saved map (saveOwnOutline).
  r.post(
    '/api/course/mindStudent/saveOutline',
    { schema: { body: SaveOutlineBody, response: Reply(SavedVersion) }, config: { write: caseWrite } },
    async (request) => {
      const studentId = studentIdOf(request);
      const { caseId, outline, version } = request.body;
      const owner = await caseMapOwner(app.db, studentId, caseId, request.body.studentId, true);
      const saved = await saveOwnOutline(app.db, owner, caseId, outline, version, app.mapHeads);
      await app.live.announceWhole({ kind: 'case', ownerId: owner, ref: caseId }, saved).catch((e: unknown) => request.log.warn(e, 'live bus'));
      return ok({ version: saved });
    },
  );

  // 历史版本 (issue 19 item 5, versions.ts): reads only, under the same rules as the map itself;
  // the experience account may look (it has no saved map, so nothing is listed) but not keep.
  r.get('/api/course/mindStudent/mapVersions', { schema: { querystring: MindCaseQuery, response: Reply(MapVersionList) } }, async (request) => {
    const studentId = studentIdOf(request);
    const owner = await guard(studentId, request.query.caseId, request.query.studentId);
    return ok(await listVersions(app.db, owner, request.query.caseId));
  });

  r.get('/api/course/mindStudent/mapVersion', { schema: { querystring: MapVersionQuery, response: Reply(ShownMapVersion) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, versionId } = request.query;
    const owner = await guard(studentId, caseId, request.query.studentId);
    return ok(await getVersion(app.db, owner, caseId, versionId, app.mapHeads));
  });

  // 保留当前版本, and the editor before a restore or an import: the saved map kept as a version now.
  r.post(
    '/api/course/mindStudent/keepMapVersion',
    { schema: { body: KeepVersionBody, response: Reply(SavedVersion) }, config: { write: caseWrite } },
    async (request) => {
      const { caseId, version } = request.body;
      const owner = await caseMapOwner(app.db, studentIdOf(request), caseId, request.body.studentId, true);
      return ok({ version: await keepVersion(app.db, owner, caseId, version, app.mapHeads) });
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
