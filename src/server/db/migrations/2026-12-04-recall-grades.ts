import { sql, type Kysely } from 'kysely';

// A grade given by a 回忆练习 says so: `recall_session_id` is its session (null for a grade given
// on the 复习 screen). One session is one 回忆练习, not as many 复习 as it graded topics (the chart
// of 我的学习 and 复习's 今日已复习 counted them twice). Grades recorded before this migration
// are found by their ids, `<session id>-<n>`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_grades').addColumn('recall_session_id', 'text').execute();
  await sql`
    update review_grades g set recall_session_id = s.id
    from recall_sessions s
    where s.student_id = g.student_id and left(g.id, length(s.id) + 1) = s.id || '-'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_grades').dropColumn('recall_session_id').execute();
}
