import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FileStorage } from './storage';

export interface MigrationReport {
  /** Keys copied in this run, each verified to hold the local size. */
  copied: string[];
  /** Keys the target already held at the local size (an earlier run). */
  present: string[];
  /** What could not be copied or did not verify, with why: the run failed. */
  failed: { key: string; reason: string }[];
}

/** Every file under `root`, as storage keys; a local upload's unfinished `.part` file is none. */
async function* localKeys(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* localKeys(root, path);
    else if (e.isFile() && !e.name.endsWith('.part')) yield relative(root, path).split(sep).join('/');
  }
}

/**
 * Copies the local storage folder into another store (the bucket), streaming each file, and
 * checks the stored size of every key against the local file. Runs again safely: a key already
 * held at the right size is left alone, one held at another size is copied again. The server may
 * keep running on the local folder meanwhile; run once more after switching to catch late uploads.
 */
export async function migrateStorage(root: string, target: FileStorage, onKey: (key: string, what: string) => void = () => {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: [], present: [], failed: [] };
  for await (const key of localKeys(root)) {
    try {
      const size = (await stat(join(root, key))).size;
      if ((await target.size(key)) === size) {
        report.present.push(key);
        onKey(key, 'present');
        continue;
      }
      await target.putStream(key, createReadStream(join(root, key)));
      const stored = await target.size(key);
      if (stored !== size) throw new Error(`stored ${stored ?? 'nothing'} bytes, local file has ${size}`);
      report.copied.push(key);
      onKey(key, 'copied');
    } catch (err) {
      report.failed.push({ key, reason: (err as Error).message });
      onKey(key, `FAILED: ${(err as Error).message}`);
    }
  }
  return report;
}
