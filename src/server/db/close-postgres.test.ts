import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../../../tests/server/spawn-server';
import { openDatabase } from './database';

// PostgreSQL only (excluded from the PGlite project): PGlite has no connections to leave behind.
describe('closing a PostgreSQL database', () => {
  const url = process.env.DATABASE_URL!;
  const name = `xt_close_${process.pid}`;
  const connections = async (admin: pg.Client) =>
    (await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0]!.n;

  it('leaves no connection, whether or not a query ran: a DROP DATABASE right after does not wait', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      // Kysely ends its pool only once it has run a query: the start-up check's connection stayed
      const idle = await openDatabase({ databaseUrl: databaseUrlFor(url, name) });
      await idle.close();
      const used = await openDatabase({ databaseUrl: databaseUrlFor(url, name) });
      await sql`select 1`.execute(used.db);
      await used.close();
      await expect.poll(() => connections(admin), { timeout: 2000 }).toBe(0);
      // (without FORCE, a connection left open makes the drop wait 5 s and fail)
      await admin.query(`drop database ${name}`);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
