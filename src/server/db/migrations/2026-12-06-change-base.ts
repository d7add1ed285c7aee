import type { Kysely } from 'kysely';

// The version each logged change set was made on (its tab's base when it was made). A tab that set
// a field and then receives another's set made on an older version than its own write knows the
// two were made at once (the later kept, both told). Sets logged before this have none: nothing
// is said about them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('map_changes').addColumn('base', 'integer').execute();
  await db.schema.alterTable('own_map_changes').addColumn('base', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('own_map_changes').dropColumn('base').execute();
  await db.schema.alterTable('map_changes').dropColumn('base').execute();
}
