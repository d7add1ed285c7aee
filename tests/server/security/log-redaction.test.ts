import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { redactValue } from '../../../src/server/http/log-redaction';
import { useTestApp } from '../test-app';
import { login, NORMAL } from '../helpers';
import { freePort } from '../spawn-server';

// Issue 21 item 8: the JSON request log is read by operators and shipped to log stores; no session
// token, URL signature, Authorization/Cookie header or password may be written to it.
const t = useTestApp();
const lines: string[] = [];
let logged: FastifyInstance;
beforeAll(async () => {
  logged = await buildApp({
    config: { ...t.app.config, logLevel: 'info' },
    database: { ...t.database, close: async () => {} },
    logStream: { write: (line) => void lines.push(line) },
  });
  await logged.ready();
});
afterAll(async () => logged.close());

describe('the request log', () => {
  it('redacts tokens and signatures in URLs, auth headers and passwords anywhere, and still logs the request', async () => {
    const token = await login(logged, NORMAL, DEMO_PASSWORD);
    await logged.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=file-demo-pdf&token=${encodeURIComponent(token)}` });
    await logged.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-video?u=stu-0001&exp=1&sig=SIGNATURE-abc_123' });
    await logged.inject({ method: 'GET', url: '/api/customer/login/selectUser', headers: { authorization: `Bearer ${token}`, cookie: 'sid=COOKIE-SECRET' } });
    await logged.inject({ method: 'GET', url: '/api/nowhere?password=QUERY-PASSWORD&x=1' });
    logged.log.info(
      {
        body: { loginName: '1', password: 'BODY-PASSWORD', nested: [{ newPassword: 'NESTED-PASSWORD', oldPassword: 'OLD-PASSWORD' }] },
        headers: { Authorization: 'HEADER-TOKEN' },
      },
      `called /x?token=${token}`,
    );

    const text = lines.join('');
    for (const secret of [
      token,
      encodeURIComponent(token),
      'SIGNATURE-abc_123',
      'COOKIE-SECRET',
      'QUERY-PASSWORD',
      'BODY-PASSWORD',
      'NESTED-PASSWORD',
      'OLD-PASSWORD',
      'HEADER-TOKEN',
      DEMO_PASSWORD,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // the lines are still there, with what an operator needs
    const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/folder/resource/file/download?uid=file-demo-pdf&token=[redacted]',
        '/api/folder/resource/file/vod/file-demo-video?u=stu-0001&exp=1&sig=[redacted]',
        '/api/nowhere?password=[redacted]&x=1',
      ]),
    );
    expect(text).toContain('"msg":"called /x?token=[redacted]"');
  });

  it('redaction leaves other values alone and cuts what is nested too deep to check', () => {
    const deep: Record<string, unknown> = { level: 0 };
    let at = deep;
    for (let i = 1; i < 20; i++) at = (at.next = { level: i, password: 'p' }) as Record<string, unknown>;
    expect(redactValue({ a: 1, b: 'plain text?x=1', c: [null, true], password: 'p', token: 't', signature: 's' })).toEqual({
      a: 1,
      b: 'plain text?x=1',
      c: [null, true],
      password: '[redacted]',
      token: '[redacted]',
      signature: '[redacted]',
    });
    expect(JSON.stringify(redactValue(deep))).not.toContain('"password":"p"');
  });

  it('an object store that fails an upload is a server fault (500), logged without its keys', async () => {
    // a bucket on a port nothing listens on: every storage call fails
    const s3 = { bucket: 'xuetu', region: 'us-east-1', endpoint: `http://127.0.0.1:${await freePort()}`, forcePathStyle: true };
    const credentials = { accessKeyId: 'AKIA-LOG-CHECK', secretAccessKey: 'S3-SECRET-NEVER-LOGGED' };
    const before = lines.length;
    const onS3 = await buildApp({
      config: { ...t.app.config, logLevel: 'info', s3: { ...s3, credentials } },
      database: { ...t.database, close: async () => {} },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const token = await login(onS3, NORMAL, DEMO_PASSWORD);
      const boundary = '----s3down';
      const res = await onS3.inject({
        method: 'POST',
        url: '/api/folder/file/upload',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 a\r\n--${boundary}--\r\n`,
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      // not the student's fault (上传格式错误 would tell them to fix their file)
      expect(res.json().resultCode).toBe(500);
      onS3.log.info({ config: onS3.config }, 'config');
      const text = lines.slice(before).join('');
      expect(text).toContain('"level":50');
      expect(text).not.toContain('S3-SECRET-NEVER-LOGGED');
    } finally {
      await onS3.close();
    }
  });
});
