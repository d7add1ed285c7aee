import type { Kysely } from 'kysely';

// Issue 22: a PDF resource is completed by its pages seen, so the server must know how many it
// has: page_count (0 = unknown, e.g. a file stored before this column: then the 5 s rule stays).
// The pages a student has seen are kept like a video's coverage in resource_locations
// (coverage = merged page intervals, page p as [p-1, p]; watched = pages seen; position = last page).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('study_resources')
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_resources').dropColumn('page_count').execute();
}
