import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { isEmpty, seedIfEmpty } from '../seed/seed';

const root = mkdtempSync(join(tmpdir(), 'xuetu-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// What `npm start` does twice in a row on a fresh machine: the second start finds the data.
// PGlite only: the server-pg project excludes this file (vitest.config.ts).
describe('PGlite data folder', () => {
  it('creates missing parent folders, and a reopened database keeps its rows and migrations', async () => {
    const dataDir = join(root, 'nested', 'data', 'pglite');
    const first = await openDatabase({ dataDir });
    expect(await migrateToLatest(first.db)).not.toEqual([]);
    expect(await seedIfEmpty(first.db)).toBe(true);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await migrateToLatest(second.db)).toEqual([]);
    expect(await isEmpty(second.db)).toBe(false);
    expect(await seedIfEmpty(second.db)).toBe(false);
    await second.close();
    // two opens, every migration and the whole seed on a folder of its own: about 10 s idle, 30 s
    // on a busy 2-core machine (the project's default limit)
  }, 90_000);
});
