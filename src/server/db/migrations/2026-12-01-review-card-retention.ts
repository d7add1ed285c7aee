import { sql, type Kysely } from 'kysely';

// Issue 37: retired review cards are removed once nothing can bring their node back (the rule is
// in modules/review/cards.ts). `retired_at` is when a card last retired: a kept version of the
// map saved before it may still hold the node, one saved after cannot. Cards retired before this
// migration count as retired now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_cards').addColumn('retired_at', 'timestamptz').execute();
  await sql`update review_cards set retired_at = now() where retired = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_cards').dropColumn('retired_at').execute();
}
