import { sql, type Kysely } from 'kysely';

// The academic year a course or case is offered in (SPEC §3/§9 year list, default 2021), so the
// lists' 年份 filter can filter. Nullable: a row created before this has no known year and shows
// under 全部 only. Four digits, as the years list's dictValue.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['courses', 'cases']) {
    await db.schema
      .alterTable(table)
      .addColumn('year', 'text', (c) => c.check(sql`year ~ '^[0-9]{4}$'`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['courses', 'cases']) await db.schema.alterTable(table).dropColumn('year').execute();
}
