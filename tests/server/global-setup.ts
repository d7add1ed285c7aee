import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { databaseUrlFor } from './spawn-server';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';

/**
 * Creating a PGlite database costs 2–3 s, loading a dump ~0.7 s: migrate and seed one template
 * here and let every test file start from a copy of it. On PostgreSQL the same: migrating and
 * seeding a schema took 1.5–5 s per file, copying a template database (CREATE DATABASE … TEMPLATE)
 * a fraction of it, so each file gets its own database copied from one migrated here.
 */
export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  // the project's env (TEST_DB) is its workers'; this runs in the main process
  if (project.config.env?.TEST_DB === 'postgres') return postgresTemplate(project);
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  // The same template twice: as a dump for in-process apps (loaded in memory), and as a closed data
  // folder that a spawned server process copies (spawn-target.ts), as `npm start` would find it.
  const folder = resolve(dir, `pglite-template-${process.pid}`);
  const handle = await openDatabase({ dataDir: resolve(folder, 'pglite') });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = resolve(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgliteFolderTemplate', folder);
  return () => {
    rmSync(file, { force: true });
    rmSync(folder, { recursive: true, force: true });
  };
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL!;
  // This run's databases share a prefix: the template, and each file's copy (test-app.ts).
  const run = `xt_${process.pid}`;
  const name = `${run}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(url, name) });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await handle.close();
  project.provide('postgresTemplate', name);
  return async () => {
    // A file's copy whose drop met a connection still closing is dropped here, once every worker is gone.
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${run}_`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A folder whose pglite/ is the same seeded database, closed, for spawned servers to copy. */
    pgliteFolderTemplate: string;
    postgresTemplate: string;
  }
}
