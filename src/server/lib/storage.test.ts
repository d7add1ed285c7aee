// @vitest-environment node
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { scrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../tests/server/s3-server';
import { checkedUpload } from '../modules/files/upload-stream';
import { S3_PART_BYTES, s3Client, s3Storage } from './s3-storage';
import { localStorage, type FileStorage } from './storage';

/** One implementation under test, and what it holds under a prefix besides finished objects. */
interface Subject {
  storage: FileStorage;
  /** Every name (file, object, unfinished upload) the store keeps under `prefix`. */
  leftovers(prefix: string): Promise<string[]>;
}

const root = mkdtempSync(join(tmpdir(), 'xuetu-storage-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const subjects: [string, () => Subject][] = [
  [
    'local folder',
    () => ({
      storage: localStorage(root),
      leftovers: async (prefix) => (existsSync(join(root, prefix)) ? readdirSync(join(root, prefix)) : []),
    }),
  ],
  [
    'S3 bucket (s3rver)',
    () => ({
      storage: s3Storage(s3.options),
      leftovers: async (prefix) => {
        const listed = await s3Client(s3.options).send(new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: `${prefix}/` }));
        return [...(listed.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)), ...s3.pendingUploads().map((u) => `upload ${u}`)];
      },
    }),
  ],
];

const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/** Distinct bytes at every offset, so a wrong range cannot match by chance. */
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

describe.each(subjects)('FileStorage on a %s', (_name, make) => {
  let s: Subject;
  beforeAll(() => {
    s = make();
  });

  it('keeps a stream that ends well under its key, with nothing else beside it, and reads it back whole and by range', async () => {
    await s.storage.putStream('uploads/ok/a', Readable.from([Buffer.from('hel'), Buffer.from('lo')]));
    expect(await s.leftovers('uploads/ok')).toEqual(['a']);
    expect(await s.storage.size('uploads/ok/a')).toBe(5);
    expect((await collect(await s.storage.read('uploads/ok/a'))).toString()).toBe('hello');
    expect((await collect(await s.storage.read('uploads/ok/a', { start: 1, end: 3 }))).toString()).toBe('ell');
  });

  it('streams a file of several parts and serves any byte range of it (video seeking)', async () => {
    const body = pattern(S3_PART_BYTES * 2 + 12345);
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    await s.storage.putStream('uploads/big/v', Readable.from(chunks));
    expect(await s.storage.size('uploads/big/v')).toBe(body.length);
    for (const [start, end] of [
      [0, 1],
      [S3_PART_BYTES - 3, S3_PART_BYTES + 3],
      [body.length - 100, body.length - 1],
    ] as const) {
      expect((await collect(await s.storage.read('uploads/big/v', { start, end }))).equals(body.subarray(start, end + 1))).toBe(true);
    }
    expect((await collect(await s.storage.read('uploads/big/v'))).equals(body)).toBe(true);
    expect(await s.leftovers('uploads/big')).toEqual(['v']);
  });

  it('refuses an upload past its size limit while it streams, after parts were sent, and keeps nothing of it', async () => {
    const limit = S3_PART_BYTES + 100_000;
    const head = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(65536 - 9, 0x20)]);
    let sent = 0;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 200; i++) {
          sent += 65536;
          yield i === 0 ? head : Buffer.alloc(65536, 0x20);
        }
      })(),
    );
    const checked = checkedUpload(source, 'pdf', limit);
    await expect(s.storage.putStream('uploads/over/f', Readable.from(checked.chunks()))).rejects.toThrow('上传内容过大');
    // refused as the byte past the limit arrived, not after reading the whole body
    expect(sent).toBeLessThan(limit + 2 * 65536);
    expect(await s.storage.size('uploads/over/f')).toBeUndefined();
    expect(await s.leftovers('uploads/over')).toEqual([]);
  });

  it('keeps nothing of a stream refused on its first bytes', async () => {
    const refused = Readable.from(
      (async function* () {
        yield* [];
        throw new Error('文件内容与类型不符');
      })(),
    );
    await expect(s.storage.putStream('uploads/bad/f', refused)).rejects.toThrow('文件内容与类型不符');
    expect(await s.storage.size('uploads/bad/f')).toBeUndefined();
    expect(await s.leftovers('uploads/bad')).toEqual([]);
  });

  it('stores a buffer, removes it, and removing what is not there is no error', async () => {
    await s.storage.put('platform/p1', Buffer.from('platform'));
    expect(await s.storage.size('platform/p1')).toBe(8);
    await s.storage.remove('platform/p1');
    expect(await s.storage.size('platform/p1')).toBeUndefined();
    await s.storage.remove('platform/never');
    expect(await s.storage.size('platform/never')).toBeUndefined();
  });

  it('serves the seeded media fixtures from the code, whatever the store', async () => {
    const size = await s.storage.size('fixture:demo-video.mp4');
    expect(size).toBe(2429);
    expect((await collect(await s.storage.read('fixture:demo-video.mp4', { start: 4, end: 7 }))).toString()).toBe('ftyp');
  });

  it('refuses a key the app does not make', async () => {
    await expect(s.storage.put('../etc/x', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(s.storage.size('uploads/a b')).rejects.toThrow('invalid storage key');
  });
});

describe('localStorage.putStream', () => {
  // 200 scrypt hashes keep the thread pool busy: a bound on hangs well above their CPU time on a loaded 2-core box.
  it('leaves no partial file when the stream is refused on its first bytes (before the file is open)', { timeout: 120_000 }, async () => {
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
});
