import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Reply } from '../../../contract/common';
import {
  AddRecordBody,
  CaseStudy,
  LastRecordQuery,
  LearnLocation,
  LearnLocationQuery,
  MaybeLastRecord,
  NodeRequirements,
  NodeRequirementsQuery,
  NodeResourcesQuery,
  PdfPagesBody,
  PdfProgress,
  ResourceDetail,
  ResourceQuery,
  Resources,
  SavedProgress,
  StudyStats,
  UserRecordBody,
} from '../../../contract/study';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type CaseOf } from '../../http/write-policy';
import { assertNotGraduated, requireCase } from '../cases/access';
import { isOfficialMapNode } from '../mindmaps/maps';
import { lastRecord } from './last-record';
import { courseLocation, courseNodeDuration, resourceLocation } from './locations';
import { recordCaseStudy, reportResourceProgress, reportVideoProgress } from './progress';
import { caseVideoResource, findResource, nodeResources } from './resources';
import { studyStats } from './study-time';
import { caseProgress, nodeRequirements } from './completion';
import { reportPdfPages } from './pdf-pages';
import { percentOf } from '../../../mindmap/core';
import { syncOneCase } from '../review/cards';

/** A case video's progress is a write to that case; a course section's is not. */
const videoCase: CaseOf = (request) => {
  const b = request.body as { courseId?: string; caseId?: string };
  return b.courseId ? undefined : b.caseId;
};
const NO_TARGET = '请提供课程编号 courseId，或案例编号 caseId 与资源编号 resourceId';

/** Study progress, the last study record and case resources (SPEC §7 Course service). */
export async function studyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);
  const { db } = app;

  const own = (studentId: string, asked?: string) => {
    if (asked && asked !== studentId) throw forbidden('无权操作其他学生的学习记录');
  };

  /**
   * The student's case records changed: their cached cases (maps.ts#studentCases: access, learnt
   * nodes, the node being studied) are forgotten before answering; the case_records trigger tells
   * the other processes.
   */
  const recordsChanged = (studentId: string) => app.studentCache.forget(studentId);

  /** A node just learnt: the case percentage moved, and the node is now a review card. */
  async function nodeLearnt(studentId: string, caseId: string) {
    recordsChanged(studentId);
    await syncOneCase(db, studentId, caseId);
  }

  /** A video resource of a case the student may study (not graduated), or 404. */
  async function caseVideo(studentId: string, caseId: string, resourceId: string) {
    const res = await caseVideoResource(db, caseId, resourceId);
    if (!res) throw notFound('视频资源不存在');
    await assertNotGraduated(db, studentId, caseId);
    return res;
  }

  r.post(
    '/api/course/userModelRecord/saveUserRecord',
    { schema: { body: UserRecordBody, response: Reply(SavedProgress) }, config: { write: { experience: 'refuse', caseOf: videoCase } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const b = request.body;
      if (!b.courseId) {
        if (!b.caseId || !b.resourceId) throw badRequest(NO_TARGET);
        const res = await caseVideo(studentId, b.caseId, b.resourceId);
        if (res.node_id !== b.nodeId) throw notFound('视频资源不存在');
        const answer = await reportResourceProgress(db, studentId, res, { position: b.position, segments: b.segments ?? [] });
        if (answer.nodeLearnt) await nodeLearnt(studentId, b.caseId);
        else if (answer.isStudy === 1) recordsChanged(studentId); // the resource's case record was written (completed)
        return ok(answer);
      }
      const duration = await courseNodeDuration(db, app.contentCache, b.courseId, b.nodeId);
      if (duration === undefined) throw notFound('课程节点不存在');
      // a learnt section is reviewed: its card is written with the report (course-video.ts)
      return ok(await reportVideoProgress(db, studentId, b.courseId, b.nodeId, duration, { position: b.position, segments: b.segments ?? [] }));
    },
  );

  // Pages of a case PDF seen (issue 22): completes it at 90 % of its pages; pages past its end or
  // faster than a person turns them are refused (pdf-pages.ts).
  r.post(
    '/api/course/userModelRecord/savePdfPages',
    { schema: { body: PdfPagesBody, response: Reply(PdfProgress) }, config: { write: { experience: 'refuse', caseOf: caseInBody } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const b = request.body;
      const res = await db
        .selectFrom('study_resources')
        .select(['id', 'case_id', 'node_id', 'page_count'])
        .where('id', '=', b.resourceId)
        .where('case_id', '=', b.caseId)
        .where('node_id', '=', b.nodeId)
        .where('file_suffix_code', '=', 4)
        .executeTakeFirst();
      if (!res) throw notFound('PDF 资源不存在');
      await assertNotGraduated(db, studentId, b.caseId);
      const answer = await reportPdfPages(db, studentId, res, b.pages);
      if (answer.nodeLearnt) await nodeLearnt(studentId, b.caseId);
      else recordsChanged(studentId); // opened (the node being studied) or completed
      return ok(answer);
    },
  );

  // Where the student left off in a course (courseId), or in a case's video resource (caseId + resourceId); null when never played.
  r.get('/api/course/userModelRecord/selectLearnLocation', { schema: { querystring: LearnLocationQuery, response: Reply(LearnLocation) } }, async (request) => {
    const studentId = studentIdOf(request);
    const q = request.query;
    if (q.courseId) return ok(await courseLocation(db, studentId, q.courseId, q.nodeId));
    if (!q.caseId || !q.resourceId) throw badRequest(NO_TARGET);
    await caseVideo(studentId, q.caseId, q.resourceId);
    return ok(await resourceLocation(db, studentId, q.resourceId));
  });

  async function addCaseRecord(studentId: string, b: AddRecordBody) {
    own(studentId, b.studentId);
    await requireCase(db, b.caseId);
    await assertNotGraduated(db, studentId, b.caseId);
    // Only nodes of the case's map can be learnt: made-up node ids would otherwise count as
    // learnt nodes and lift the student in the case ranking (count of distinct learnt nodes).
    if (!(await isOfficialMapNode(db, b.caseId, b.nodeId))) throw notFound('知识点不存在');
    const claimDone = String(b.isStudy ?? '1') === '1';
    const answer = await recordCaseStudy(db, studentId, b.caseId, b.nodeId, b.resourceId ?? '', claimDone);
    if (answer.nodeLearnt) await nodeLearnt(studentId, b.caseId);
    else recordsChanged(studentId); // a resource opened (the node being studied) or completed, or a tick taken back
    return ok(answer);
  }
  const addRecord = { schema: { body: AddRecordBody, response: Reply(CaseStudy) }, config: { write: { experience: 'refuse', caseOf: caseInBody } } } as const;
  r.post('/api/course/studyRecord/addRecord', addRecord, async (request) => addCaseRecord(studentIdOf(request), request.body));
  r.post('/api/course/caseRecord/addRecord', addRecord, async (request) => addCaseRecord(studentIdOf(request), request.body));

  // 完成条件 of one node for the signed-in student: each required resource and the node exam with
  // its rule and whether it is done, what is still missing, and the case's progress (engine rule).
  r.get('/api/course/studyRecord/nodeRequirements', { schema: { querystring: NodeRequirementsQuery, response: Reply(NodeRequirements) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId, nodeId } = request.query;
    await requireCase(db, caseId);
    await assertNotGraduated(db, studentId, caseId);
    const [req, progress] = await Promise.all([nodeRequirements(db, studentId, caseId, nodeId), caseProgress(db, studentId, caseId)]);
    return ok({
      caseId,
      nodeId,
      learnt: req.learnt ? 1 : 0,
      byHand: req.items.length ? 0 : 1,
      items: req.items,
      missing: req.missing,
      caseLearnt: progress.learnt,
      caseTotal: progress.total,
      casePercent: percentOf(progress),
    });
  });

  r.get('/api/course/studyRecord/querLastRecord', { schema: { querystring: LastRecordQuery, response: Reply(MaybeLastRecord) } }, async (request) => {
    const studentId = studentIdOf(request);
    own(studentId, request.query.userId);
    return ok(await lastRecord(db, studentId));
  });

  // MyStudy charts: minutes per day (last 28 days), totals, and completion per signed-up course.
  r.get('/api/course/studyRecord/studyStats', { schema: { querystring: Type.Object({}), response: Reply(StudyStats) } }, async (request) =>
    ok(await studyStats(db, studentIdOf(request))),
  );

  // One study resource of a case node (project content screen).
  r.get('/api/course/studyResourceFile/getResourceByUUId', { schema: { querystring: ResourceQuery, response: Reply(ResourceDetail) } }, async (request) => {
    const res = await findResource(db, request.query.uuid);
    if (!res) throw notFound('资源不存在');
    await assertNotGraduated(db, studentIdOf(request), res.caseId);
    return ok(res);
  });

  // All resources of one node.
  r.get('/api/course/studyResourceFile/getResourceByNodeId', { schema: { querystring: NodeResourcesQuery, response: Reply(Resources) } }, async (request) => {
    await assertNotGraduated(db, studentIdOf(request), request.query.caseId);
    return ok(await nodeResources(db, request.query.caseId, request.query.nodeId));
  });
}
