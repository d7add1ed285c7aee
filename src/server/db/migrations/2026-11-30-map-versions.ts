import { sql, type Kysely } from 'kysely';

// Issue 19 item 5: version history of a student's own map. The map as saved now stays in
// student_maps; map_versions keeps earlier states. Saves made while typing fold into one version:
// `version_started_at` is when the state now in student_maps began to be a version of its own (null:
// the next save starts a new one, e.g. after 保留当前版本 or before a restore/import), and a save
// more than the window after it first copies the state it replaces into map_versions. student_maps
// gains the node count and root title of its document, so a version's entry is known without
// parsing a map of up to 5 MB, and so is the current one's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('student_maps')
    .addColumn('node_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version_started_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('map_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    // student_maps.version of the state kept: one version per saved state (the unique key makes keeping it twice a no-op)
    .addColumn('map_version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    // when this state was saved (student_maps.updated_at then), not when it was copied here
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('map_versions_state', ['student_id', 'case_id', 'map_version'])
    .execute();

  await backfill(db);
}

interface Node {
  data?: { text?: unknown };
  children?: Node[];
}

/** Maps saved before this migration: their node count and title, read here (migrations never import application code). */
async function backfill(db: Kysely<unknown>): Promise<void> {
  let after: [string, string] = ['', ''];
  for (;;) {
    const { rows } = await sql<{ student_id: string; case_id: string; document: string }>`
      select student_id, case_id, document from student_maps
      where (student_id, case_id) > (${after[0]}, ${after[1]})
      order by student_id, case_id limit 50`.execute(db);
    if (!rows.length) return;
    for (const r of rows) {
      let count = 0;
      let title = '';
      try {
        const root = (JSON.parse(r.document) as { root?: Node }).root;
        title = String(root?.data?.text ?? '').slice(0, 200);
        // iterative: a saved map may be 1,000 levels deep
        const stack: Node[] = root ? [root] : [];
        while (stack.length) {
          const n = stack.pop()!;
          count++;
          for (const c of n.children ?? []) stack.push(c);
        }
      } catch {
        // a row that does not parse keeps 0 and '' (it could not be opened either)
      }
      await sql`update student_maps set node_count = ${count}, title = ${title}
        where student_id = ${r.student_id} and case_id = ${r.case_id}`.execute(db);
    }
    const last = rows[rows.length - 1];
    after = [last.student_id, last.case_id];
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_versions').execute();
  await db.schema.alterTable('student_maps').dropColumn('version_started_at').dropColumn('title').dropColumn('node_count').execute();
}
