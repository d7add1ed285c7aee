import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';

/**
 * Creating a PGlite database costs 2–3 s, loading a dump ~0.7 s: migrate and seed one template
 * here and let every test file start from a copy of it. PostgreSQL runs isolate by schema instead.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DB === 'postgres') return () => {};
  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
