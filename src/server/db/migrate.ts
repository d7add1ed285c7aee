import { sql, type DatabaseIntrospector, type SchemaMetadata, type TableMetadata } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

/** Migrations are listed in code (not read from disk) so they work under tsx, vitest and a bundle alike. */
const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

/**
 * What the migrator needs to know (does our schema, does our bookkeeping table exist), asked of our
 * schema only. Kysely's own introspector reads every schema of the database and resolves each
 * table by name (pg_get_serial_sequence, has_schema_privilege): a schema another install or a
 * parallel test run drops at that moment failed our migration with "schema … does not exist".
 */
function introspectorOf(db: Db, schema: string): DatabaseIntrospector {
  return {
    getSchemas: async (): Promise<SchemaMetadata[]> => {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables: async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p', 'f')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.kind === 'v', isForeign: r.kind === 'f', columns: [] }));
    },
  };
}

/** The same database handle, its introspection scoped to one schema (methods stay bound to the real instance). */
function scopedToSchema(db: Db, schema: string): Db {
  const introspection = introspectorOf(db, schema);
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with a
  // kysely_migration_lock in any other schema of the database (another install, a parallel test
  // run) it skipped creating its own and then failed. Pin them to the schema we work in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db: scopedToSchema(db, schema), provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
