// @vitest-environment node
import { scrypt } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './storage';

describe('localStorage.putStream', () => {
  const root = mkdtempSync(join(tmpdir(), 'xuetu-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves no partial file when the stream is refused on its first bytes (before the file is open)', async () => {
    const storage = localStorage(root);
    const busy: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      // A busy thread pool (a loaded server) opens the partial file late: after the refusal.
      for (let k = 0; k < 4; k++) busy.push(new Promise((done) => scrypt('x', 'salt', 32, { N: 2 ** 14 }, done)));
      // (as the upload's checked chunks refuse: a generator that throws on the first bytes)
      const refused = Readable.from(
        (async function* () {
          yield* [];
          throw new Error('文件内容与类型不符');
        })(),
      );
      await expect(storage.putStream(`uploads/stu/f${i}`, refused)).rejects.toThrow('文件内容与类型不符');
    }
    await Promise.all(busy);
    await new Promise((r) => setTimeout(r, 300));
    expect(readdirSync(join(root, 'uploads/stu'))).toEqual([]);
  });

  it('keeps a stream that ends well under its key, with nothing else beside it', async () => {
    const storage = localStorage(root);
    await storage.putStream('uploads/ok/a', Readable.from([Buffer.from('hello')]));
    expect(readdirSync(join(root, 'uploads/ok'))).toEqual(['a']);
    expect(await storage.size('uploads/ok/a')).toBe(5);
  });
});
