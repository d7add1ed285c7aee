import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

// 2026-11-30-map-versions on a database that already holds students' maps: each map gets its
// node count and root title (what 历史版本 lists), read from its document.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function openFresh(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({});
    cleanups.push(() => handle.close());
    return handle;
  }
  const schema = `mv_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, searchPath: schema, poolSize: 2 });
  cleanups.push(async () => {
    await handle.close();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  });
  return handle;
}

describe('migration 2026-11-30-map-versions', () => {
  // A fresh database migrated twice: slow on a loaded machine, hence its own timeout.
  it('fills in the node count and title of the maps saved before it', { timeout: 120_000 }, async () => {
    const { db } = await openFresh();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations as Record<string, Migration> },
      migrationTableSchema: rows[0].schema,
    });
    const before = await migrator.migrateTo('2026-11-29-review');
    expect(before.error).toBeUndefined();
    await sql`insert into students (id, login_name, password_hash, username) values ('s1', '13700000777', 'x', '学生')`.execute(db);
    await sql`insert into cases (id, case_type, name) values ('c1', 1, '案例')`.execute(db);
    const doc = { root: { data: { text: '旧的导图' }, children: [{ data: { text: '一' }, children: [{ data: { text: '二' } }] }, { data: { text: '三' } }] } };
    await sql`insert into student_maps (student_id, case_id, document) values ('s1', 'c1', ${JSON.stringify(doc)})`.execute(db);
    expect(await migrateToLatest(db)).toContain('2026-11-30-map-versions');
    const row = await db.selectFrom('student_maps').select(['node_count', 'title', 'version_started_at']).executeTakeFirstOrThrow();
    expect(row).toEqual({ node_count: 4, title: '旧的导图', version_started_at: null });
  });
});
