import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../../src/server/lib/s3-storage';

/** A real S3-API server (s3rver) on a free loopback port, its files in a temp folder. */
export interface TestS3 {
  options: S3Options;
  /** The S3_* variables a spawned server process needs to use the bucket. */
  env: Record<string, string>;
  /** Multipart uploads the server holds unfinished (their parts on disk). */
  pendingUploads(): string[];
  close(): Promise<void>;
}

const BUCKET = 'xuetu-test';

type KoaMiddleware = (ctx: { method: string; query: Record<string, unknown>; status: number }, next: () => Promise<unknown>) => Promise<unknown>;

/**
 * Starts s3rver with one bucket. s3rver 3.7 answers AbortMultipartUpload (DELETE ?uploadId=) with
 * 405 although its store keeps every part of an upload in its own folder; the handler added here
 * does what S3 does (drops the upload and its parts), so an aborted upload can be seen to leave
 * nothing behind.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'xuetu-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const uploadsDir = join(directory, BUCKET, '._S3rver_uploads');
  // s3rver is a Koa app (its typings do not say so): a middleware put first sees every request.
  (server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^\w+$/.test(uploadId)) return next();
    await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own fixed keys (it checks signatures made with them).
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    options: { bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    pendingUploads: () => {
      try {
        return readdirSync(uploadsDir);
      } catch {
        return [];
      }
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
