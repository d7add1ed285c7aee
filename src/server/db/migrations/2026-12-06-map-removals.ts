import { sql, type Kysely } from 'kysely';

// Issue 32: who was a member of a shared map and is no more (removed by the owner, or left). One
// row per former member, gone again when they are invited back. It lets the map's routes tell a
// former member who opens the map again 你已不在这张导图的共享成员中, where anyone else asking for
// that id still gets the usual "not found" (nothing is said to a student who never had the map).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('map_removals')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('map_kind', 'varchar(8)', (c) => c.notNull().check(sql`map_kind in ('case', 'own')`))
    .addColumn('map_ref', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_removals_pk', ['owner_id', 'map_kind', 'map_ref', 'member_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_removals').execute();
}
