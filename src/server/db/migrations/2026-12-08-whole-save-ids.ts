import type { Kysely } from 'kysely';

// A whole save names itself (a client-made id): a page that sent one and never heard back (the
// network dropped the answer, the tab closed while it was on its way) can tell on its next try
// whether the map stored now is its own save — then it goes on from that version instead of
// offering the 导图已在其他页面更新 choice against itself. `whole_save_version` is the version that
// save made: any later write (a change set, another whole save) moves `version` past it, so the
// id names the map only while the two are equal, without every other writer clearing it.
const TABLES = ['student_maps', 'own_maps'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('whole_save_id', 'varchar(64)').addColumn('whole_save_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('whole_save_id').dropColumn('whole_save_version').execute();
}
