import type { Kysely } from 'kysely';

// Issue 31 item 16: a 新任务 notice names the task it announces, so the message can link to it
// instead of only saying 请在“我的任务”中查看. Null for every other message; a deleted task
// leaves the notice without its link.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_messages')
    .addColumn('task_id', 'text', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_messages').dropColumn('task_id').execute();
}
