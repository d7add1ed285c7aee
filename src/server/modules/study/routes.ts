import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type CaseOf } from '../../http/write-policy';
import { assertNotGraduated, requireCase } from '../cases/access';
import { fileUrl } from '../files/files';
import { stripInvisible } from '../files/file-types';
import { lastRecord } from './last-record';
import { recordCaseStudy, reportResourceProgress, reportVideoProgress } from './progress';
import { studyStats } from './study-time';

const Id = Type.String({ minLength: 1, maxLength: 64 });
// 0, 1 or 2, as a number or as the SPEC's string ('1'); nothing else (-1 and '-1' were taken).
const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 2 }), Type.String({ pattern: '^[0-2]$' })]);
// A course section's video (courseId + nodeId), or a case's video resource (caseId + nodeId + resourceId).
const UserRecordBody = Type.Object({
  courseId: Type.Optional(Id),
  caseId: Type.Optional(Id),
  resourceId: Type.Optional(Id),
  nodeId: Id,
  position: Type.Number({ minimum: 0, maximum: 86400 }),
  watched: Type.Optional(Type.Number({ minimum: 0, maximum: 86400 })),
});
/** A case video's progress is a write to that case; a course section's is not. */
const videoCase: CaseOf = (request) => {
  const b = request.body as { courseId?: string; caseId?: string };
  return b.courseId ? undefined : b.caseId;
};
const LearnLocationQuery = Type.Object({ courseId: Type.Optional(Id), caseId: Type.Optional(Id), resourceId: Type.Optional(Id) });
const NO_TARGET = '请提供课程编号 courseId，或案例编号 caseId 与资源编号 resourceId';
// SPEC §3 add-study-record payload: resourceId, nodeId, fileSuffix '2', studentId, isStudy '1', caseId.
const AddRecordBody = Type.Object({
  caseId: Id,
  nodeId: Id,
  resourceId: Type.Optional(Type.String({ maxLength: 64 })),
  fileSuffix: Type.Optional(Flag),
  studentId: Type.Optional(Id),
  isStudy: Type.Optional(Flag),
});

/** Study progress, the last study record and case resources (SPEC §7 Course service). */
export async function studyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  const own = (studentId: string, asked?: string) => {
    if (asked && asked !== studentId) throw forbidden('无权操作其他学生的学习记录');
  };

  /** A video resource of a case the student may study (not graduated), or 404. */
  async function caseVideo(studentId: string, caseId: string, resourceId: string) {
    const res = await app.db.selectFrom('study_resources').select(['id', 'case_id', 'node_id', 'duration']).where('id', '=', resourceId).where('case_id', '=', caseId).where('file_suffix_code', '=', 3).executeTakeFirst();
    if (!res) throw notFound('视频资源不存在');
    await assertNotGraduated(app.db, studentId, caseId);
    return res;
  }

  r.post('/api/course/userModelRecord/saveUserRecord', { schema: { body: UserRecordBody }, config: { write: { experience: 'refuse', caseOf: videoCase } } }, async (request) => {
    const studentId = studentIdOf(request);
    const b = request.body;
    if (!b.courseId) {
      if (!b.caseId || !b.resourceId) throw badRequest(NO_TARGET);
      const res = await caseVideo(studentId, b.caseId, b.resourceId);
      if (res.node_id !== b.nodeId) throw notFound('视频资源不存在');
      return ok(await reportResourceProgress(app.db, studentId, res, Math.floor(b.position), Math.floor(b.watched ?? b.position)));
    }
    const node = await app.db.selectFrom('course_nodes').select(['duration']).where('id', '=', b.nodeId).where('course_id', '=', b.courseId).executeTakeFirst();
    if (!node) throw notFound('课程节点不存在');
    return ok(await reportVideoProgress(app.db, studentId, b.courseId, b.nodeId, node.duration, Math.floor(b.position), Math.floor(b.watched ?? b.position)));
  });

  // Where the student left off in a course: { courseId, nodeId, videoId, position, watched, isStudy } or null;
  // in a case's video resource (caseId + resourceId): { caseId, nodeId, resourceId, position, watched } or null.
  r.get('/api/course/userModelRecord/selectLearnLocation', { schema: { querystring: LearnLocationQuery } }, async (request) => {
    const studentId = studentIdOf(request);
    const q = request.query;
    if (!q.courseId) {
      if (!q.caseId || !q.resourceId) throw badRequest(NO_TARGET);
      await caseVideo(studentId, q.caseId, q.resourceId);
      const at = await app.db.selectFrom('resource_locations').selectAll().where('student_id', '=', studentId).where('resource_id', '=', q.resourceId).executeTakeFirst();
      return ok(at ? { caseId: at.case_id, nodeId: at.node_id, resourceId: at.resource_id, position: at.position, watched: at.watched } : null);
    }
    const row = await app.db
      .selectFrom('learn_locations as l')
      .innerJoin('course_nodes as n', 'n.id', 'l.node_id')
      .select(['l.course_id', 'l.node_id', 'l.position', 'l.watched', 'l.is_study', 'n.video_id', 'n.name', 'n.duration'])
      .where('l.student_id', '=', studentId)
      .where('l.course_id', '=', q.courseId)
      .orderBy('l.updated_at', 'desc')
      .executeTakeFirst();
    return ok(row ? { courseId: row.course_id, nodeId: row.node_id, nodeName: row.name, videoId: row.video_id ?? '', duration: row.duration, position: row.position, watched: row.watched, isStudy: row.is_study } : null);
  });

  // jsonpath over the stored document: independent of how the JSON text is formatted.
  async function isMapNode(caseId: string, nodeId: string): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      select jsonb_path_exists(document::jsonb, '$.root.** ? (@.data.id == $id)', jsonb_build_object('id', ${nodeId}::text)) as found
      from official_maps where case_id = ${caseId}`.execute(app.db);
    return rows[0]?.found === true;
  }

  async function addCaseRecord(studentId: string, b: { caseId: string; nodeId: string; resourceId?: string; studentId?: string; isStudy?: number | string }) {
    own(studentId, b.studentId);
    await requireCase(app.db, b.caseId);
    await assertNotGraduated(app.db, studentId, b.caseId);
    // Only nodes of the case's map can be learnt: made-up node ids would otherwise count as
    // learnt nodes and lift the student in the case ranking (count of distinct learnt nodes).
    if (!(await isMapNode(b.caseId, b.nodeId))) throw notFound('知识点不存在');
    return ok(await recordCaseStudy(app.db, studentId, b.caseId, b.nodeId, b.resourceId ?? '', String(b.isStudy ?? '1') === '1'));
  }
  r.post('/api/course/studyRecord/addRecord', { schema: { body: AddRecordBody }, config: { write: { experience: 'refuse', caseOf: caseInBody } } }, async (request) => addCaseRecord(studentIdOf(request), request.body));
  r.post('/api/course/caseRecord/addRecord', { schema: { body: AddRecordBody }, config: { write: { experience: 'refuse', caseOf: caseInBody } } }, async (request) => addCaseRecord(studentIdOf(request), request.body));

  r.get('/api/course/studyRecord/querLastRecord', { schema: { querystring: Type.Object({ userId: Type.Optional(Id) }) } }, async (request) => {
    const studentId = studentIdOf(request);
    own(studentId, request.query.userId);
    return ok(await lastRecord(app.db, studentId));
  });

  // MyStudy charts: { days: [{ day, minutes }] (last 28 days), totalMinutes, studyDays, courses: [{ courseId, name, learnt, total, percent }] }
  r.get('/api/course/studyRecord/studyStats', async (request) => ok(await studyStats(app.db, studentIdOf(request))));

  // One study resource of a case node (project content screen).
  r.get('/api/course/studyResourceFile/getResourceByUUId', { schema: { querystring: Type.Object({ uuid: Id }) } }, async (request) => {
    const studentId = studentIdOf(request);
    const res = await app.db.selectFrom('study_resources').selectAll().where('id', '=', request.query.uuid).executeTakeFirst();
    if (!res) throw notFound('资源不存在');
    await assertNotGraduated(app.db, studentId, res.case_id);
    return ok({
      uuid: res.id, resourceId: res.id, caseId: res.case_id, nodeId: res.node_id, fileName: stripInvisible(res.file_name), fileSuffixCode: res.file_suffix_code,
      fileId: res.file_id ?? '', fileUrl: res.file_id ? fileUrl(res.file_id) : res.file_url, content: res.content, duration: res.duration,
    });
  });

  // All resources of one node: [{ uuid, fileName, fileSuffixCode, fileUrl, duration }]
  r.get('/api/course/studyResourceFile/getResourceByNodeId', { schema: { querystring: Type.Object({ caseId: Id, nodeId: Id }) } }, async (request) => {
    await assertNotGraduated(app.db, studentIdOf(request), request.query.caseId);
    const rows = await app.db.selectFrom('study_resources').selectAll().where('case_id', '=', request.query.caseId).where('node_id', '=', request.query.nodeId).orderBy('sort').execute();
    return ok(rows.map((x) => ({ uuid: x.id, fileName: stripInvisible(x.file_name), fileSuffixCode: x.file_suffix_code, fileId: x.file_id ?? '', fileUrl: x.file_id ? fileUrl(x.file_id) : x.file_url, duration: x.duration })));
  });
}
