import { sql, type Kysely } from 'kysely';

// Issue 32: a map shared with classmates. One row per member of a map; the map is named by its
// owner, its kind ('case': the owner's 我的学习导图 of case `map_ref`, in student_maps; 'own': the
// owner's map `map_ref` of 我的导图, in own_maps) and `map_ref`. `can_edit` 1: 可编辑, 0: 只读.
// The owner is no row: ownership stays where it was. 共享给我的 reads by member (the index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('map_members')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('map_kind', 'varchar(8)', (c) => c.notNull().check(sql`map_kind in ('case', 'own')`))
    .addColumn('map_ref', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('can_edit', 'integer', (c) => c.notNull().check(sql`can_edit in (0, 1)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_members_pk', ['owner_id', 'map_kind', 'map_ref', 'member_id'])
    .addCheckConstraint('map_members_not_owner', sql`owner_id <> member_id`)
    .execute();
  await db.schema.createIndex('map_members_member').on('map_members').columns(['member_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_members').execute();
}
