import { sql, type Kysely } from 'kysely';

// Issue 22: a video is learnt by coverage of its timeline, whatever the playback rate. `coverage`
// is the merged list of watched media intervals ('[[0,12.5],[20,30]]'); `coverage_started_at` the
// time of the first report that covered anything, from which the server bounds how much of the
// timeline can have been covered so far (at most the player's highest rate × elapsed time).
// case_records gains node rows (resource_id ''): the node is learnt, written once all its required
// resources are completed (or by hand on a node without any). Until now any learnt resource row
// marked its node learnt, so each node with one gets its node row: nothing learnt is lost.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['resource_locations', 'learn_locations']) {
    await db.schema
      .alterTable(table)
      .addColumn('coverage', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('coverage_started_at', 'timestamptz')
      .execute();
  }
  await sql`
    insert into case_records (id, student_id, case_id, node_id, resource_id, is_study, created_at)
    select 'node-' || md5(student_id || '/' || case_id || '/' || node_id), student_id, case_id, node_id, '', 1, min(created_at)
    from case_records where is_study = 1 and resource_id <> ''
    group by student_id, case_id, node_id
    on conflict (student_id, case_id, node_id, resource_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['resource_locations', 'learn_locations']) {
    await db.schema.alterTable(table).dropColumn('coverage').dropColumn('coverage_started_at').execute();
  }
}
