import type { Kysely } from 'kysely';

// Cover pictures of courses and cases (issue 18 item 4): small SVG documents generated when the
// content is created (the seed) and served as images (modules/covers). `etag` is a hash of `svg`,
// also put in the cover URL, so a browser may keep a cover for good and still sees a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('covers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('covers').execute();
}
