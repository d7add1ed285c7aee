import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { UserMessagesTable } from '../../db/schema';
import type { StudentCache } from '../../lib/student-cache';
import { formatDateTime } from '../../lib/time';
import { offsetOf, limitOf, pageOf, totalCount, totalOf, type Page } from '../../lib/paging';
import type { Message as MessageView, MessageQuery } from '../../../contract/messages';

function view(m: Selectable<UserMessagesTable>): MessageView {
  return {
    uuid: m.id,
    title: m.title,
    content: m.content,
    msgType: m.msg_type,
    sender: m.sender,
    isLook: m.is_look,
    createTime: formatDateTime(m.created_at),
    readTime: formatDateTime(m.read_at),
    ...(m.task_id ? { taskId: m.task_id } : {}),
  };
}

/** A student's inbox, newest first; every query is scoped by student_id (ownership). */
export async function pageMessages(db: DbOrTrx, studentId: string, q: MessageQuery): Promise<Page<MessageView>> {
  let base = db.selectFrom('user_messages').where('student_id', '=', studentId);
  if (q.isLook === 0 || q.isLook === 1) base = base.where('is_look', '=', q.isLook);
  if (q.title) base = base.where('title', 'ilike', `%${escapeLike(q.title)}%`);
  const rows = await base.selectAll().select(totalCount()).orderBy('created_at', 'desc').orderBy('id').limit(limitOf(q)).offset(offsetOf(q)).execute();
  const total = await totalOf(rows, q, async () => Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n));
  return pageOf(rows.map(view), total, q.currentNum, q.currentSize);
}

/**
 * A page of the student's unread messages (read ones when asked). Every screen's header polls the
 * first unread page: cached per student, and only that page (no title filter, at most 10 per
 * page), so the entries per student stay few.
 */
export async function unreadPage(db: DbOrTrx, cache: StudentCache, studentId: string, query: MessageQuery): Promise<Page<MessageView>> {
  const q = { ...query, isLook: query.isLook ?? 0 };
  const load = () => pageMessages(db, studentId, q);
  const polled = q.isLook === 0 && !q.title && q.currentNum === 1 && q.currentSize <= 10;
  return polled ? cache.get(studentId, `unread:${q.currentSize}`, load) : load();
}

export async function findMessage(db: DbOrTrx, studentId: string, id: string): Promise<MessageView | undefined> {
  const row = await db.selectFrom('user_messages').selectAll().where('id', '=', id).where('student_id', '=', studentId).executeTakeFirst();
  return row ? view(row) : undefined;
}

/** Marks one message read; false when it is not this student's message. */
export async function markRead(db: DbOrTrx, studentId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('user_messages')
    .set({ is_look: 1, read_at: new Date() })
    .where('id', '=', id)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function markAllRead(db: DbOrTrx, studentId: string): Promise<number> {
  const res = await db
    .updateTable('user_messages')
    .set({ is_look: 1, read_at: new Date() })
    .where('student_id', '=', studentId)
    .where('is_look', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** `%` and `_` typed by a student are literal characters, not wildcards. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
