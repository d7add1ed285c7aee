import type { Kysely } from 'kysely';

// A member's own 正在学 on a case map shared with them (issue 32): the topic they marked by hand
// (标记正在学), kept on their row of map_members, as the owner's own mark is kept in the owner's
// map document. Null: no mark. It goes with the membership (removed, left: gone). Shown only
// while the server has no 正在学 from the member's study records, the topic still exists and is
// not learnt (showMind, markProgress). Ids as the contract bounds them (MAP_NODE_ID_MAX).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('map_members').addColumn('now_node', 'varchar(256)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('map_members').dropColumn('now_node').execute();
}
