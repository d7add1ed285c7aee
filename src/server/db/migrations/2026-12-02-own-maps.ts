import { sql, type Kysely } from 'kysely';

// 我的导图 (issue 33 item 1): maps a student makes for themselves, not copies of a case's map.
// `search_text` is the map's title and topic texts, one a line (what a hit shows); `search_key` the
// same lowercased, stored uncompressed: 我的导图's search runs `strpos(search_key, lower(q))` over
// the student's live maps (their rows by the index below). PGlite has no pg_trgm; a student's maps
// are bounded (MAX_OWN_MAPS, MAX_OWN_BYTES), so the scan is too. Measured over 200 maps of 1,000
// topics on PGlite: ILIKE on the text 205 ms, strpos on the compressed lowercased copy 25 ms,
// uncompressed 16 ms (bench/server/own-maps-search.ts, `npm run bench -- mymaps`).
// `deleted_at` set: in 回收站, purged 30 days later. `case_id` / `course_id`: an optional link.
// Versions follow the case maps' rule (mindmaps/versions.ts) in their own table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('own_maps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version_started_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`alter table own_maps alter column search_key set storage external`.execute(db);
  await db.schema.createIndex('own_maps_student').on('own_maps').columns(['student_id', 'updated_at']).execute();

  await db.schema
    .createTable('own_map_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('map_id', 'text', (c) => c.notNull().references('own_maps.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('map_version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('own_map_versions_state', ['map_id', 'map_version'])
    .execute();
  await db.schema.createIndex('own_map_versions_student').on('own_map_versions').columns(['student_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('own_map_versions').execute();
  await db.schema.dropTable('own_maps').execute();
}
