import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { quotaMessage, TOO_MANY_UPLOADS } from './upload';

const t = useTestApp({ normal: NORMAL, other: GRADUATED });
const { tokens } = t;

function multipart(filename: string) {
  const boundary = '----xuetu' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, type: `multipart/form-data; boundary=${boundary}` };
}
const upload = (token: string, filename: string, content: Buffer) => {
  const m = multipart(filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/folder/file/upload',
    payload: Buffer.concat([m.head, content, m.tail]),
    headers: { 'content-type': m.type, authorization: token },
  });
};
const storedFiles = (studentId: string) => {
  try {
    return readdirSync(join(t.app.config.storageDir, 'uploads', studentId));
  } catch {
    return [];
  }
};

/** An upload over a real socket whose body is sent in two steps: it stays in progress in between. */
function slowUpload(port: number, token: string) {
  const m = multipart('slow.zip');
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/folder/file/upload',
    headers: { authorization: token, 'content-type': m.type },
  });
  const answer = new Promise<{ resultCode: number; errMsg: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
  req.write(Buffer.concat([m.head, Buffer.from('PK\u0003\u0004first half ')]));
  return { answer, finish: () => req.end(Buffer.concat([Buffer.from('second half'), m.tail])) };
}

describe('upload limits', () => {
  it('one student has at most UPLOAD_CONCURRENCY uploads in progress; others are not limited by it', async () => {
    expect(t.app.config.uploadConcurrency).toBe(2);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const a = slowUpload(port, tokens.normal);
    const b = slowUpload(port, tokens.normal);
    // both are in progress once their slots are taken
    await expect
      .poll(
        async () =>
          Number(
            (
              await t.database.db
                .selectFrom('upload_slots')
                .select((e) => e.fn.countAll<string>().as('n'))
                .where('student_id', '=', 'stu-0001')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 10_000 },
      )
      .toBe(2);
    expect((await upload(tokens.normal, 'third.zip', Buffer.from('PK\u0003\u0004x'))).json()).toMatchObject({ resultCode: 429, errMsg: TOO_MANY_UPLOADS });
    expect((await upload(tokens.other, 'other.zip', Buffer.from('PK\u0003\u0004x'))).json().resultCode).toBe(200);
    a.finish();
    b.finish();
    expect((await a.answer).resultCode).toBe(200);
    expect((await b.answer).resultCode).toBe(200);
    // slots are given back: the next one goes through
    expect((await upload(tokens.normal, 'fourth.zip', Buffer.from('PK\u0003\u0004x'))).json().resultCode).toBe(200);
    // a slot a crashed instance left behind lapses
    await t.database.db
      .insertInto('upload_slots')
      .values([
        { id: 'lost-1', student_id: 'stu-0001', expires_at: new Date(Date.now() - 1000) },
        { id: 'lost-2', student_id: 'stu-0001', expires_at: new Date(Date.now() - 1000) },
      ])
      .execute();
    expect((await upload(tokens.normal, 'fifth.zip', Buffer.from('PK\u0003\u0004x'))).json().resultCode).toBe(200);
  });

  it('keeps each student within the storage quota, with a Chinese message, and stores nothing refused', async () => {
    const quota = t.app.config.uploadQuotaBytes;
    const before = storedFiles('stu-0003');
    // nearly full: a file that would pass the quota is refused after streaming, and removed
    await t.database.db
      .insertInto('files')
      .values({
        id: 'quota-filler',
        owner_id: 'stu-0003',
        file_name: 'big.zip',
        content_type: 'application/zip',
        size: quota - 10,
        storage_key: 'uploads/stu-0003/quota-filler',
      })
      .execute();
    expect((await upload(tokens.other, 'a.zip', Buffer.from('PK\u0003\u0004 more than ten bytes'))).json()).toMatchObject({
      resultCode: 400,
      errMsg: quotaMessage(quota),
    });
    expect(quotaMessage(quota)).toBe('您的文件存储空间已满（上限 200 MB），无法继续上传');
    expect((await upload(tokens.other, 'fits.zip', Buffer.from('PK\u0003\u0004'))).json().resultCode).toBe(200);
    // full: refused before the body is read
    expect((await upload(tokens.other, 'b.zip', Buffer.from('PK\u0003\u0004'))).json()).toMatchObject({ resultCode: 400, errMsg: quotaMessage(quota) });
    expect(storedFiles('stu-0003').length).toBe(before.length + 1);
    await t.database.db.deleteFrom('files').where('id', '=', 'quota-filler').execute();
  });

  it('checks the type on the first bytes of the stream and keeps no partial file of a refused upload', async () => {
    const before = storedFiles('stu-0001').length;
    const fakePng = Buffer.concat([Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(3 * 1024 * 1024, 1)]);
    expect((await upload(tokens.normal, 'x.png', fakePng)).json()).toMatchObject({ resultCode: 400, errMsg: '文件内容与类型不符' });
    // the PDF marker must open the file (issue 37: it was looked for anywhere in the first KiB)
    const late = Buffer.concat([Buffer.alloc(900, 32), Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 65)]);
    expect((await upload(tokens.normal, 'late.pdf', late)).json()).toMatchObject({ resultCode: 400, errMsg: '文件内容与类型不符' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 65)]);
    const ok = (await upload(tokens.normal, 'whole.pdf', pdf)).json();
    expect(ok).toMatchObject({ resultCode: 200, data: { fileSize: pdf.length } });
    const back = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${ok.data.uid}`, headers: { authorization: tokens.normal } });
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect((await upload(tokens.normal, 'big.zip', Buffer.alloc(20 * 1024 * 1024 + 1, 1))).json()).toMatchObject({ resultCode: 400, errMsg: '上传内容过大' });
    expect((await upload(tokens.normal, 'empty.zip', Buffer.alloc(0))).json()).toMatchObject({ resultCode: 400, errMsg: '文件内容为空' });
    expect(storedFiles('stu-0001').filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(storedFiles('stu-0001').length).toBe(before + 1);
  });
});
