import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { UserMessagesTable } from '../../db/schema';
import { formatDateTime } from '../../lib/time';
import { offsetOf, limitOf, pageOf, totalCount, totalOf, type Page } from '../../lib/paging';

export interface MessageView {
  uuid: string;
  title: string;
  content: string;
  msgType: number;
  sender: string;
  isLook: number;
  createTime: string;
  readTime: string;
}

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
  };
}

export interface MessageQuery {
  currentNum: number;
  currentSize: number;
  isLook?: number;
  title?: string;
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
