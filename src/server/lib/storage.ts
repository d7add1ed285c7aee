import { createReadStream, existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';

/**
 * The one interface behind which file bytes live (DESIGN §4). The local implementation keeps them
 * in `config.storageDir`; an object store would implement the same three calls. Keys are ours
 * (never a client-supplied name), so no path traversal is possible through them.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Byte size, or undefined when the key holds nothing. */
  size(key: string): Promise<number | undefined>;
  /** Inclusive byte range, as HTTP Range counts. */
  read(key: string, range?: { start: number; end: number }): Readable;
}

// Seeded media ship with the code (src/server/seed/fixtures) so every database, including each
// test's copy, can reference them without writing files: keys `fixture:<name>` read from there.
const FIXTURE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../seed/fixtures');
const FIXTURE_PREFIX = 'fixture:';

function pathOf(root: string, key: string): string {
  if (key.startsWith(FIXTURE_PREFIX)) return join(FIXTURE_DIR, key.slice(FIXTURE_PREFIX.length).replace(/[^\w.-]/g, ''));
  if (!/^[\w/-]+$/.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
  return join(root, key);
}

export function localStorage(root: string): FileStorage {
  return {
    async put(key, data) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async size(key) {
      const path = pathOf(root, key);
      if (!existsSync(path)) return undefined;
      return (await stat(path)).size;
    },
    read(key, range) {
      return createReadStream(pathOf(root, key), range ? { start: range.start, end: range.end } : undefined);
    },
  };
}
