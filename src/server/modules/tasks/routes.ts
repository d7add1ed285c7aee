import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { PageQuery, offsetOf, limitOf, pageOf } from '../../lib/paging';
import { formatDateTime } from '../../lib/time';
import { downloadUrl } from '../files/files';

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** Task status per student: 0 not started, 1 in progress, 2 submitted, 3 reviewed, 4 overdue. */
const TaskPageQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })), title: Type.Optional(Type.String({ maxLength: 100 })) });
const SubmitBody = Type.Object({ taskId: Id, answer: Type.String({ minLength: 1, maxLength: 20000 }), fileId: Type.Optional(Type.String({ maxLength: 64 })) });

/** Tasks assigned to the signed-in student and their submissions. */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  // Overdue is derived, not stored: an unsubmitted task past its end date reads as 4.
  const status = sql<number>`case when ts.status in (0, 1) and t.end_at < now() then 4 else ts.status end`;
  const mine = (studentId: string) =>
    app.db
      .selectFrom('task_students as ts')
      .innerJoin('tasks as t', 't.id', 'ts.task_id')
      .leftJoin('cases as c', 'c.id', 't.case_id')
      .where('ts.student_id', '=', studentId);

  r.get('/api/course/task/queryTaskPage', { schema: { querystring: TaskPageQuery } }, async (request) => {
    const q = request.query;
    let base = mine(studentIdOf(request));
    if (q.status !== undefined) base = base.where(status, '=', q.status);
    if (q.title) base = base.where('t.title', 'ilike', `%${q.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [rows, count] = await Promise.all([
      base
        .select(['t.id', 't.title', 't.content', 't.teacher_name', 't.start_at', 't.end_at', 'c.name as case_name', 'ts.score', status.as('status')])
        .orderBy('t.end_at', 'desc')
        .orderBy('t.id')
        .limit(limitOf(q))
        .offset(offsetOf(q))
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const records = rows.map((t) => ({
      uuid: t.id, taskId: t.id, title: t.title, content: t.content, teacherName: t.teacher_name, caseName: t.case_name ?? '',
      startTime: formatDateTime(t.start_at), endTime: formatDateTime(t.end_at), status: Number(t.status), score: t.score,
    }));
    return ok(pageOf(records, Number(count.n), q.currentNum, q.currentSize));
  });

  r.get('/api/course/taskStudentResource/getTaskResult', { schema: { querystring: Type.Object({ taskId: Id }) } }, async (request) => {
    const row = await mine(studentIdOf(request))
      .where('t.id', '=', request.query.taskId)
      .select(['t.id', 't.title', 't.content', 't.end_at', 'ts.answer', 'ts.file_id', 'ts.score', 'ts.comment', 'ts.submitted_at', status.as('status')])
      .executeTakeFirst();
    if (!row) throw notFound('任务不存在');
    return ok({
      taskId: row.id, title: row.title, content: row.content, endTime: formatDateTime(row.end_at), status: Number(row.status), answer: row.answer,
      fileId: row.file_id ?? '', fileUrl: row.file_id ? downloadUrl(row.file_id) : '', score: row.score, comment: row.comment, submitTime: formatDateTime(row.submitted_at),
    });
  });

  r.post('/api/course/taskStudentResource/addTaskByStudent', { schema: { body: SubmitBody }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const studentId = studentIdOf(request);
    const b = request.body;
    const row = await mine(studentId).where('t.id', '=', b.taskId).select(['ts.id', status.as('status')]).executeTakeFirst();
    if (!row) throw notFound('任务不存在');
    if (Number(row.status) === 4) throw badRequest('任务已截止，无法提交');
    if (Number(row.status) === 3) throw badRequest('任务已批阅，无法再次提交');
    if (b.fileId) {
      // Only one's own upload can be attached.
      const f = await app.db.selectFrom('files').select('id').where('id', '=', b.fileId).where('owner_id', '=', studentId).executeTakeFirst();
      if (!f) throw badRequest('附件不存在');
    }
    await app.db.updateTable('task_students').set({ answer: b.answer, file_id: b.fileId ?? null, status: 2, submitted_at: new Date() }).where('id', '=', row.id).execute();
    return ok({ taskId: b.taskId, status: 2 });
  });
}
