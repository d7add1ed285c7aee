import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../../tests/server/s3-server';
import { login, NORMAL } from '../../../../tests/server/helpers';
import { useTestApp } from '../../../../tests/server/test-app';
import { buildApp } from '../../app';
import { s3Client } from '../../lib/s3-storage';
import { MAX_UPLOAD_BYTES } from './upload';

// The upload and download routes on the bucket (S3_BUCKET set), against s3rver: the same limits
// while streaming, nothing kept of a refused upload, ranged downloads served from the store.
const t = useTestApp();
let s3: TestS3;
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  s3 = await startTestS3();
  app = await buildOnS3();
  token = await login(app, NORMAL);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});
async function buildOnS3() {
  const built = await buildApp({ config: { ...t.app.config, s3: s3.options }, database: { ...t.database, close: async () => {} }, logger: false });
  await built.ready();
  return built;
}

const boundary = '----xuetuS3';
const upload = (content: Buffer, filename = 'a.pdf') =>
  app.inject({
    method: 'POST',
    url: '/api/folder/file/upload',
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
const bucketKeys = async () => ((await s3Client(s3.options).send(new ListObjectsV2Command({ Bucket: s3.options.bucket }))).Contents ?? []).map((o) => o.Key);

describe('uploads into the bucket', () => {
  it('stores an upload as an object and serves its download whole and by range from the store', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(7 * 1024 * 1024, 0x41), Buffer.from('END')]);
    const res = (await upload(pdf)).json();
    expect(res.resultCode).toBe(200);
    const key = (await t.database.db.selectFrom('files').select('storage_key').where('id', '=', res.data.uid).executeTakeFirstOrThrow()).storage_key;
    expect(await bucketKeys()).toContain(key);
    const auth = { authorization: token };
    const whole = await app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${res.data.uid}`, headers: auth });
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const tail = await app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${res.data.uid}`, headers: { ...auth, range: 'bytes=-3' } });
    expect([tail.statusCode, tail.headers['content-range'], tail.body]).toEqual([206, `bytes ${pdf.length - 3}-${pdf.length - 1}/${pdf.length}`, 'END']);
  });

  it('refuses an upload past 20 MB as it streams, aborting its multipart upload: the bucket keeps nothing of it', async () => {
    const before = await bucketKeys();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD_BYTES, 0x41)]);
    const res = (await upload(big, 'big.pdf')).json();
    expect([res.resultCode, res.errMsg]).toEqual([400, '上传内容过大']);
    expect(await bucketKeys()).toEqual(before);
    expect(s3.pendingUploads()).toEqual([]);
  });
});
