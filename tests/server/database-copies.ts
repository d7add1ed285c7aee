import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { databaseUrlFor } from './spawn-server';

/**
 * A database of its own for one test file, copied from global-setup's migrated and seeded
 * template: `CREATE DATABASE … TEMPLATE` takes a fraction of a second where migrating and seeding
 * took seconds. `drop` removes it (a copy still in use for a moment is dropped by the teardown).
 */
export async function postgresCopy(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL!;
  const template = inject('postgresTemplate');
  const name = `${template.replace(/_template$/, '')}_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.db);
  return {
    url: databaseUrlFor(url, name),
    drop: async () => {
      try {
        // Never WITH (FORCE): a pooled connection still closing would die with an error in a later file.
        await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      } catch {
        // still in use for a moment: global-setup's teardown drops it
      }
      await admin.close();
    },
  };
}

/** Puts a copy of the seeded PGlite template in `dataDir`/pglite, where a server's DATA_DIR keeps it (config.ts). */
export function pgliteFolderCopy(dataDir: string): void {
  cpSync(join(inject('pgliteFolderTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}
