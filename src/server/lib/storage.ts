import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The one interface behind which file bytes live (DESIGN §4): `localStorage` keeps them in
 * `config.storageDir` (the zero-setup default), `s3Storage` (lib/s3-storage.ts) in an
 * S3-compatible bucket. Keys are ours (never a client-supplied name), so no path traversal is
 * possible through them.
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
  /** Inclusive byte range, as HTTP Range counts (an object store serves just that range). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
}

/** The store itself failed (disk, network, bucket), not the stream it was given: a server fault. */
export class StorageFailure extends Error {
  constructor(cause: unknown) {
    super(`storage failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * Runs `store` over a copy of `data` that remembers the source's own error: the caller sees that
 * error as it was (a refusal of upload-stream.ts, a cut connection: the client's doing), any other
 * as a StorageFailure (the upload route answers 500 for it, not 400 上传格式错误).
 */
export async function storeFrom(data: Readable, store: (source: Readable) => Promise<void>): Promise<void> {
  let sourceError: unknown;
  const watched = Readable.from(
    (async function* () {
      try {
        yield* data as AsyncIterable<Buffer>;
      } catch (err) {
        sourceError = err;
        throw err;
      }
    })(),
  );
  try {
    await store(watched);
  } catch (err) {
    throw sourceError ?? new StorageFailure(err);
  }
}

// Seeded media ship with the code (src/server/seed/fixtures) so every database, including each
// test's copy, can reference them without writing files: keys `fixture:<name>` read from there.
const FIXTURE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../seed/fixtures');
const FIXTURE_PREFIX = 'fixture:';

/** Seeded media are read from the code's fixtures whatever the store (never copied into a bucket). */
export const isFixtureKey = (key: string) => key.startsWith(FIXTURE_PREFIX);

/** The keys the app makes (`uploads/<student>/<id>`, `platform/<id>`): refused otherwise. */
export function checkedKey(key: string): string {
  if (!/^[\w/-]+$/.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
  return key;
}

function pathOf(root: string, key: string): string {
  if (isFixtureKey(key)) return join(FIXTURE_DIR, key.slice(FIXTURE_PREFIX.length).replace(/[^\w.-]/g, ''));
  return join(root, checkedKey(key));
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
        await storeFrom(data, async (source) => {
          await pipeline(source, out);
          await rename(partial, path);
        });
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
    async read(key, range) {
      return createReadStream(pathOf(root, key), range ? { start: range.start, end: range.end } : undefined);
    },
  };
}
