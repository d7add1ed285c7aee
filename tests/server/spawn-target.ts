import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { freshSchema } from './spawn-server';

/**
 * Where a spawned server keeps its data in a test file: a fresh PGlite folder in the `server`
 * project, a fresh schema of DATABASE_URL in `server-pg`. Registers its own set-up and clean-up
 * (beforeAll/afterAll; `stop` runs first, e.g. killing the server); `env` is ready inside tests.
 */
export function spawnTarget(
  name: string,
  stop: () => Promise<void> = async () => {},
): {
  onPostgres: boolean;
  env: Record<string, string | undefined>;
  /** The same database, opened in the test process (to look behind the API). */
  open(): Promise<DatabaseHandle>;
} {
  const onPostgres = process.env.TEST_DB === 'postgres';
  const dataDir = mkdtempSync(join(tmpdir(), `xuetu-${name}-`));
  const target = { onPostgres, env: { DATA_DIR: dataDir } as Record<string, string | undefined>, open };
  let dropSchema = async () => {};
  beforeAll(async () => {
    if (!onPostgres) return;
    const s = await freshSchema(process.env.DATABASE_URL!, name);
    Object.assign(target.env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: s.schema });
    dropSchema = s.drop;
  });
  afterAll(async () => {
    await stop();
    await dropSchema();
    rmSync(dataDir, { recursive: true, force: true });
  });
  function open(): Promise<DatabaseHandle> {
    return onPostgres
      ? openDatabase({ databaseUrl: process.env.DATABASE_URL!, searchPath: target.env.DATABASE_SCHEMA, poolSize: 2 })
      : openDatabase({ dataDir: join(dataDir, 'pglite') });
  }
  return target;
}
