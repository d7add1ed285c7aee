// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../tests/server/s3-server';
import { S3_PART_BYTES, s3Storage } from './s3-storage';
import { migrateStorage } from './storage-migrate';

const root = mkdtempSync(join(tmpdir(), 'xuetu-migrate-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
  mkdirSync(join(root, 'uploads/stu-0001'), { recursive: true });
  mkdirSync(join(root, 'platform'), { recursive: true });
  writeFileSync(join(root, 'uploads/stu-0001/a1'), 'first file');
  writeFileSync(join(root, 'uploads/stu-0001/big'), Buffer.alloc(S3_PART_BYTES + 1000, 3));
  writeFileSync(join(root, 'platform/p1'), 'platform media');
  // an upload that was in progress when the server stopped: not a file of anyone's
  writeFileSync(join(root, 'uploads/stu-0001/zz.0a1b2c.part'), 'half');
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('migrating the local storage folder into the bucket', () => {
  it('copies every stored file, verifies its size, and leaves unfinished uploads behind', async () => {
    const bucket = s3Storage(s3.options);
    const report = await migrateStorage(root, bucket);
    expect(report).toEqual({ copied: ['platform/p1', 'uploads/stu-0001/a1', 'uploads/stu-0001/big'], present: [], failed: [] });
    expect(await bucket.size('uploads/stu-0001/big')).toBe(S3_PART_BYTES + 1000);
  });

  it('runs again safely: what is there is left, what differs in size is copied again', async () => {
    const bucket = s3Storage(s3.options);
    await bucket.put('platform/p1', Buffer.from('cut'));
    // (the test server, s3rver, answers a small PUT before its file is written: a busy machine
    // still read the old size here — a real S3 reads its own writes)
    await expect.poll(() => bucket.size('platform/p1')).toBe(3);
    const report = await migrateStorage(root, bucket);
    // (whole: a failure shows what went where, and why a key failed)
    expect(report).toEqual({ copied: ['platform/p1'], present: ['uploads/stu-0001/a1', 'uploads/stu-0001/big'], failed: [] });
    expect(await bucket.size('platform/p1')).toBe('platform media'.length);
  });

  it('is `npm run storage -- migrate`, which fails (exit 1) when a file cannot be copied', async () => {
    writeFileSync(join(root, 'platform/bad name'), 'a name no key of ours has');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/storage-cli.ts', 'migrate'], {
      env: { ...process.env, ...s3.env, STORAGE_DIR: root },
    });
    const failed = (await run.then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    ))!;
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('FAILED: invalid storage key platform/bad name');
    expect(failed.stdout).toContain('已复制 0 个，已存在 3 个，失败 1 个。');
    // the keys never appear in what it prints
    expect(failed.stdout).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });
});
