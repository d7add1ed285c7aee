import { sql } from 'kysely';
import type { TaskItem, TaskQuery, TaskResult, TaskStatus } from '../../../contract/tasks';
import type { DbOrTrx } from '../../db/database';
import { badRequest, notFound } from '../../http/envelope';
import { limitOf, offsetOf, pageOf, type Page } from '../../lib/paging';
import { formatDateTime } from '../../lib/time';
import { downloadUrl } from '../files/files';
import { escapeLike } from '../messages/messages';
import { sanitizeFileName } from '../files/file-types';

// Overdue is derived, not stored: an unsubmitted task past its end date reads as 4.
const status = sql<number>`case when ts.status in (0, 1) and t.end_at < now() then 4 else ts.status end`;
const statusOf = (n: number | string) => Number(n) as TaskStatus;

/** The tasks assigned to the student (ownership: every query starts here). */
const mine = (db: DbOrTrx, studentId: string) =>
  db
    .selectFrom('task_students as ts')
    .innerJoin('tasks as t', 't.id', 'ts.task_id')
    .leftJoin('cases as c', 'c.id', 't.case_id')
    .where('ts.student_id', '=', studentId);

export async function pageTasks(db: DbOrTrx, studentId: string, q: TaskQuery): Promise<Page<TaskItem>> {
  let base = mine(db, studentId);
  if (q.status !== undefined) base = base.where(status, '=', q.status);
  if (q.title) base = base.where('t.title', 'ilike', `%${escapeLike(q.title)}%`);
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
    uuid: t.id,
    taskId: t.id,
    title: t.title,
    content: t.content,
    teacherName: t.teacher_name,
    caseName: t.case_name ?? '',
    startTime: formatDateTime(t.start_at),
    endTime: formatDateTime(t.end_at),
    status: statusOf(t.status),
    score: t.score,
  }));
  return pageOf(records, Number(count.n), q.currentNum, q.currentSize);
}

export async function taskResult(db: DbOrTrx, studentId: string, taskId: string): Promise<TaskResult | undefined> {
  const row = await mine(db, studentId)
    .leftJoin('files as f', 'f.id', 'ts.file_id')
    .where('t.id', '=', taskId)
    .select([
      't.id',
      't.title',
      't.content',
      't.end_at',
      'ts.answer',
      'ts.file_id',
      'f.file_name',
      'f.size',
      'ts.score',
      'ts.comment',
      'ts.submitted_at',
      status.as('status'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    taskId: row.id,
    title: row.title,
    content: row.content,
    endTime: formatDateTime(row.end_at),
    status: statusOf(row.status),
    answer: row.answer,
    // the attachment's name and size, so the page can say which file it is (issue 18 item 8)
    fileId: row.file_id ?? '',
    fileName: row.file_name ? sanitizeFileName(row.file_name) : '',
    fileSize: row.size === null ? 0 : Number(row.size),
    fileUrl: row.file_id ? downloadUrl(row.file_id) : '',
    score: row.score,
    comment: row.comment,
    submitTime: formatDateTime(row.submitted_at),
  };
}

/** Stores the student's answer (and an attachment of their own upload) unless the task is overdue or reviewed. */
export async function submitTask(db: DbOrTrx, studentId: string, b: { taskId: string; answer: string; fileId?: string }): Promise<void> {
  const row = await mine(db, studentId)
    .where('t.id', '=', b.taskId)
    .select(['ts.id', status.as('status')])
    .executeTakeFirst();
  if (!row) throw notFound('任务不存在');
  if (Number(row.status) === 4) throw badRequest('任务已截止，无法提交');
  if (Number(row.status) === 3) throw badRequest('任务已批阅，无法再次提交');
  if (b.fileId) {
    const f = await db.selectFrom('files').select('id').where('id', '=', b.fileId).where('owner_id', '=', studentId).executeTakeFirst();
    if (!f) throw badRequest('附件不存在');
  }
  await db
    .updateTable('task_students')
    .set({ answer: b.answer, file_id: b.fileId ?? null, status: 2, submitted_at: new Date() })
    .where('id', '=', row.id)
    .execute();
}
