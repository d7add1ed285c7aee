import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { preparedStatementPool } from './prepared-pool';
import { listenPglite, listenPostgres, type ListenHandlers, type Listener } from './listen';

export type Db = Kysely<DB>;
/** Data-access functions take `Db | Trx` first, so they compose inside transactions. */
export type Trx = Transaction<DB>;
export type DbOrTrx = Db | Trx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for dumps (test templates, backups); absent on PostgreSQL. */
  pglite?: PGlite;
  /** LISTEN for NOTIFYs on a channel (see listen.ts); close the listener before the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… — when set, PostgreSQL is used. */
  databaseUrl?: string;
  /** PGlite data folder; omit for an in-memory database. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
  /** PostgreSQL schema to work in (tests isolate themselves by schema). */
  searchPath?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: run queries as named prepared statements (default true). Turn off behind a
   * pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    // Fail at start, with the real reason, rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: options.preparedStatements === false ? pool : preparedStatementPool(pool) }) });
    const listen = async (channel: string, handlers: ListenHandlers) => listenPostgres(options.databaseUrl!, channel, handlers);
    const close = async () => {
      await db.destroy();
      // Kysely ends the pool only once it has run a query: a database opened and closed without
      // one kept the start-up check's connection (a DROP DATABASE then waited 5 s and failed).
      if (!pool.ended) await pool.end();
    };
    return { db, kind: 'postgres', listen, close };
  }
  // PGlite creates its own folder but not missing parents (a fresh clone has no ./data).
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    listen: (channel, handlers) => listenPglite(pglite, channel, handlers),
    // Kysely's destroy closes the PGlite instance, which flushes its WAL to the data folder.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
