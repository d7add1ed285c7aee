import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';

// A fresh schema must migrate even when another schema of the same database already holds
// Kysely's bookkeeping tables (another install, or a parallel test run, on one PostgreSQL).
const handles: DatabaseHandle[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  for (const h of handles) await h.close();
});

async function openFresh(): Promise<{ db: DatabaseHandle['db']; decoy: string; fresh: string }> {
  const suffix = randomBytes(5).toString('hex');
  const decoy = `decoy_${suffix}`;
  const fresh = `fresh_${suffix}`;
  if (process.env.TEST_DB === 'postgres') {
    const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
    handles.push(admin);
    await sql`create schema ${sql.id(decoy)}`.execute(admin.db);
    await sql`create schema ${sql.id(fresh)}`.execute(admin.db);
    cleanups.push(async () => {
      await sql`drop schema ${sql.id(decoy)} cascade`.execute(admin.db);
      await sql`drop schema ${sql.id(fresh)} cascade`.execute(admin.db);
    });
    await sql`create table ${sql.id(decoy, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(admin.db);
    await sql`create table ${sql.id(decoy, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(admin.db);
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, searchPath: fresh, poolSize: 2 });
    handles.push(handle);
    return { db: handle.db, decoy, fresh };
  }
  // PGlite has one connection, so search_path set once holds for every later statement.
  const handle = await openDatabase({});
  handles.push(handle);
  await sql`create schema ${sql.id(decoy)}`.execute(handle.db);
  await sql`create table ${sql.id(decoy, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(handle.db);
  await sql`create table ${sql.id(decoy, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(handle.db);
  await sql`create schema ${sql.id(fresh)}`.execute(handle.db);
  await sql`set search_path to ${sql.id(fresh)}`.execute(handle.db);
  return { db: handle.db, decoy, fresh };
}

describe('migrations in a schema of a shared database', () => {
  it('create their own bookkeeping and tables in the working schema, ignoring other schemas', async () => {
    const { db, fresh } = await openFresh();
    expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    const mine = tables.filter((t) => t.schema === fresh).map((t) => t.name);
    expect(mine).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'students', 'sessions']));
    // Running again finds them there: nothing left to do.
    expect(await migrateToLatest(db)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('migrations while another schema is dropped', () => {
  it('do not trip over it (a parallel install or test run removing its own schema)', { timeout: 60_000 }, async () => {
    const { db, decoy } = await openFresh();
    const dropper = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
    handles.push(dropper);
    await sql`create table ${sql.id(decoy, 'other')} (id serial primary key)`.execute(dropper.db);
    // The race made certain: our snapshot is taken, then the other schema goes. A catalog scan
    // still lists its tables, while a lookup by name no longer finds the schema.
    const applied = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sql`drop schema ${sql.id(decoy)} cascade`.execute(dropper.db);
        return migrateToLatest(trx);
      });
    expect(applied.length).toBeGreaterThan(0);
    await sql`create schema ${sql.id(decoy)}`.execute(dropper.db); // for the file's own cleanup
  });
});
