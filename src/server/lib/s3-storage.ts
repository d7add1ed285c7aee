import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkedKey, isFixtureKey, localStorage, storeFrom, type FileStorage } from './storage';

/** Where the bucket is (config.ts reads it from S3_* / AWS_* variables; the keys are never logged). */
export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, a cloud's OSS/COS); AWS itself when absent. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Bytes are sent in parts of this size once an upload outgrows one: memory per upload stays at one
 * part, and a file under it is a single PUT. (5 MiB is S3's smallest part.)
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

export function s3Client(options: S3Options): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Our uploads carry no checksum the store must verify; some S3-compatible servers refuse the
    // SDK's newer default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The FileStorage of an S3-compatible bucket. Uploads stream through lib-storage's multipart
 * upload: when the source fails (a size or type refusal from upload-stream.ts, a cut connection)
 * the multipart upload is aborted, so the bucket keeps neither an object nor its parts. Ranged
 * reads are GETs with a Range header (video seeking costs only the bytes seen). Seeded media
 * (`fixture:` keys) still come from the code's fixtures.
 */
export function s3Storage(options: S3Options, client: S3Client = s3Client(options)): FileStorage {
  const Bucket = options.bucket;
  const fixtures = localStorage('/nonexistent');
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data }));
    },
    async putStream(key, data) {
      const Key = checkedKey(key);
      await storeFrom(data, (Body) =>
        new Upload({ client, params: { Bucket, Key, Body }, partSize: S3_PART_BYTES, queueSize: 1, leavePartsOnError: false }).done().then(() => {}),
      );
    },
    async remove(key) {
      if (isFixtureKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async size(key) {
      if (isFixtureKey(key)) return fixtures.size(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }))).ContentLength;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async read(key, range) {
      if (isFixtureKey(key)) return fixtures.read(key, range);
      const res = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const body = res.Body as Readable;
      // The answer's Content-Length is already set from the range: a store that ignored the Range
      // (some S3 look-alikes do for a few forms) must fail the request, never send other bytes.
      if (range && res.ContentLength !== range.end - range.start + 1) {
        body.destroy();
        throw new Error(`object store answered ${res.ContentLength} bytes for range ${range.start}-${range.end} of ${key}`);
      }
      return body;
    },
  };
}
