import type { Kysely } from 'kysely';

// An attempt whose time ran out without a submission is closed by the server (graded on the answers
// saved by then) rather than left open forever. timed_out marks such an attempt, so the student
// sees 已超时 (closed at the deadline) and not 超时提交 (handed in late by the student).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('timed_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exam_attempts').dropColumn('timed_out').execute();
}
