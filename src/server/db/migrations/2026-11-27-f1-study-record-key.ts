import { sql, type Kysely } from 'kysely';

// study_records was written check-then-insert without a unique key, so concurrent addRecord or
// progress reports of one resource left several rows per key (issue 21, item 7). Merge them (the
// latest row stays, learnt if any of its copies was) and add the key the writes now upsert on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update study_records s set is_study = 1
    where s.is_study <> 1 and exists (
      select 1 from study_records o
      where o.student_id = s.student_id and o.is_type = s.is_type and o.target_id = s.target_id
        and o.node_id = s.node_id and o.resource_id = s.resource_id and o.is_study = 1)`.execute(db);
  await sql`
    delete from study_records where id in (
      select id from (
        select id, row_number() over (partition by student_id, is_type, target_id, node_id, resource_id order by updated_at desc, id) as n
        from study_records) ranked
      where n > 1)`.execute(db);
  await db.schema
    .alterTable('study_records')
    .addUniqueConstraint('study_records_key', ['student_id', 'is_type', 'target_id', 'node_id', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_records').dropConstraint('study_records_key').execute();
}
