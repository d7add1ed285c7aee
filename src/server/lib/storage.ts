import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The one interface behind which file bytes live (DESIGN §4). The local implementation keeps them
 * in `config.storageDir`; an object store would implement the same calls. Keys are ours
 * (never a client-supplied name), so no path traversal is possible through them.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores a stream as it arrives (uploads are never held whole in memory). The key holds nothing
   * until the stream has ended without error: a failed or refused upload leaves no partial file.
   */
  putStream(key: string, data: Readable): Promise<void>;
  /** Removes what a key holds (nothing if it holds nothing). */
  remove(key: string): Promise<void>;
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
    async putStream(key, data) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      const out = createWriteStream(partial);
      // A source refused on its first bytes fails the pipeline before the file is even open: the
      // open still completes afterwards and would leave the partial file behind a removal made now.
      const closed = new Promise<void>((done) => out.once('close', () => done()));
      try {
        await pipeline(data, out);
        await rename(partial, path);
      } catch (err) {
        await closed;
        await rm(partial, { force: true });
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(root, key), { force: true });
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
