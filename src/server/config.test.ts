// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the file store chosen by the environment', () => {
  it('is the local folder without S3_BUCKET (zero setup)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
  });

  it('is the bucket with S3_BUCKET: path-style on an own endpoint, its keys or the SDK chain', () => {
    expect(
      loadConfig({ S3_BUCKET: 'b1', S3_ENDPOINT: 'http://10.0.0.5:9000', S3_REGION: 'cn-east-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3,
    ).toEqual({
      bucket: 'b1',
      region: 'cn-east-1',
      endpoint: 'http://10.0.0.5:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'b1', AWS_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'b1',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'b1', S3_ENDPOINT: 'https://oss.example.cn', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses half a key pair rather than falling back to other credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b1', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  });
});
