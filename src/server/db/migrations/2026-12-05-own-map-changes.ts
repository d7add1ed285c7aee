import { sql, type Kysely } from 'kysely';

// 我的导图 saved by change sets (as student_maps since 2026-12-03-map-changes): an own map is its
// snapshot in own_maps.document (the state at `snapshot_version`) plus the sets applied after it,
// one row each in own_map_changes. `log_from`: every set above it is in the log; a whole save
// (import, restore, a first save) sets both to its version and empties the log. Rows saved
// before this migration: their document is their version, and no log. The log goes with its
// map (cascade), so 彻底删除 and the 30-day purge need nothing more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('own_maps')
    .addColumn('snapshot_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_from', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update own_maps set snapshot_version = version, log_from = version`.execute(db);

  await db.schema
    .createTable('own_map_changes')
    .addColumn('map_id', 'text', (c) => c.notNull().references('own_maps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('set_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('own_map_changes_pk', ['map_id', 'version'])
    .addUniqueConstraint('own_map_changes_set', ['map_id', 'set_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('own_map_changes').execute();
  await db.schema.alterTable('own_maps').dropColumn('log_from').dropColumn('snapshot_version').execute();
}
