import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

/** Migrations are listed in code (not read from disk) so they work under tsx, vitest and a bundle alike. */
const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
