import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { pgliteFolderCopy, postgresCopy } from './database-copies';

/**
 * Where a spawned server keeps its data in a test file: a copy of the run's migrated and seeded
 * template, as a PGlite folder in the `server` project and as a PostgreSQL database of its own in
 * `server-pg` (a server that migrated and seeded an empty database spent 5-10 s of a core on it
 * before its first request). Registers its own set-up and clean-up (beforeAll/afterAll; `stop`
 * runs first, e.g. killing the server); `env` is ready inside tests and later beforeAll hooks.
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
  let dropDatabase = async () => {};
  beforeAll(async () => {
    if (!onPostgres) return pgliteFolderCopy(dataDir);
    const copy = await postgresCopy();
    target.env.DATABASE_URL = copy.url;
    dropDatabase = copy.drop;
  });
  afterAll(async () => {
    await stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });
  function open(): Promise<DatabaseHandle> {
    return onPostgres ? openDatabase({ databaseUrl: target.env.DATABASE_URL!, poolSize: 2 }) : openDatabase({ dataDir: join(dataDir, 'pglite') });
  }
  return target;
}
