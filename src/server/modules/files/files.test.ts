import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { parseRange } from './files';
import { serverSecret } from '../../lib/secrets';
import { mediaSigner } from './signed-url';

const t = useTestApp({ normal: NORMAL, other: GRADUATED });
const { tokens } = t;

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----xuetu' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string | null, url: string, filename: string, content: Buffer) => {
  const m = multipart(filename, content);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...(token ? { authorization: token } : {}) } });
};

describe('files', () => {
  it('uploads a whitelisted file and downloads it by uid with Content-Disposition, owner only', async () => {
    const res = (await upload(tokens.normal, '/api/folder/file/upload', '../../报告<终稿>.pdf', Buffer.from('%PDF-1.4 demo'))).json();
    expect(res.resultCode).toBe(200);
    expect(res.data).toMatchObject({ fileName: '报告终稿.pdf', fileSize: 13, contentType: 'application/pdf' });
    const dl = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${res.data.uid}`, headers: { authorization: tokens.normal } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('报告终稿.pdf'));
    expect(dl.body).toBe('%PDF-1.4 demo');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${res.data.uid}`, headers: { authorization: tokens.other } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${res.data.uid}` })).statusCode).toBe(404);
  });

  it('reads own files through short-lived signed URLs, never through ?token=', async () => {
    const up = (await upload(tokens.normal, '/api/folder/file/upload', '作业.pdf', Buffer.from('%PDF-1.4 signed'))).json().data;
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    // a session token in the URL ends up in logs and browser history: it no longer opens anything
    expect((await get(`/api/folder/resource/file/download?uid=${up.uid}&token=${encodeURIComponent(tokens.normal)}`)).statusCode).toBe(404);
    expect((await get(`/api/folder/resource/file/vod/${up.uid}?token=${encodeURIComponent(tokens.normal)}`)).statusCode).toBe(404);

    const signed = await get(`/api/folder/resource/file/signedUrl?uid=${up.uid}`, { authorization: tokens.normal });
    const { fileUrl, downloadUrl, expiresAt } = signed.json().data as { fileUrl: string; downloadUrl: string; expiresAt: number };
    expect(fileUrl).toMatch(new RegExp(`^/api/folder/resource/file/vod/${up.uid}\\?u=stu-0001&exp=\\d+&sig=[\\w-]{43}$`));
    expect(downloadUrl).toMatch(new RegExp(`^/api/folder/resource/file/download\\?uid=${up.uid}&u=stu-0001&exp=\\d+&sig=[\\w-]{43}$`));
    expect(`${fileUrl}${downloadUrl}`).not.toContain(tokens.normal);
    expect(expiresAt - Date.now()).toBeGreaterThan(0);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(t.app.config.mediaUrlTtlMs + 1000);
    const dl = await get(downloadUrl);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    expect(dl.body).toBe('%PDF-1.4 signed');
    expect((await get(fileUrl)).headers['content-disposition']).toMatch(/^inline/);

    // each part is bound: another file, another student, another expiry or a changed signature fail
    const other = (await upload(tokens.normal, '/api/folder/file/upload', 'b.pdf', Buffer.from('%PDF-1.4 b'))).json().data;
    const q = new URL(fileUrl, 'http://x').searchParams;
    const tampered = [
      `/api/folder/resource/file/vod/${other.uid}?${q}`,
      fileUrl.replace('u=stu-0001', 'u=stu-0003'),
      fileUrl.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 60}`),
      fileUrl.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
      fileUrl.replace(/&sig=.*/, ''),
    ];
    for (const url of tampered) expect((await get(url)).statusCode, url).toBe(404);
    // an expired URL, signed with this install's key
    const signer = mediaSigner(await serverSecret(t.database.db, 'media-url'), t.app.config.mediaUrlTtlMs);
    const old = signer.sign(up.uid, 'stu-0001', Date.now() - t.app.config.mediaUrlTtlMs - 5000);
    expect((await get(`/api/folder/resource/file/vod/${up.uid}?u=stu-0001&exp=${old.exp}&sig=${old.sig}`)).statusCode).toBe(404);
    const fresh = signer.sign(up.uid, 'stu-0001');
    expect((await get(`/api/folder/resource/file/vod/${up.uid}?u=stu-0001&exp=${fresh.exp}&sig=${fresh.sig}`)).statusCode).toBe(200);

    // nobody is signed a URL for a file they may not read
    expect((await get(`/api/folder/resource/file/signedUrl?uid=${up.uid}`, { authorization: tokens.other })).json().resultCode).toBe(404);
    expect((await get(`/api/folder/resource/file/signedUrl?uid=${up.uid}`)).json().resultCode).toBe(40101);
    // the key is generated once and kept in the database, so every instance signs alike
    expect((await serverSecret(t.database.db, 'media-url')).length).toBe(32);
    expect((await t.database.db.selectFrom('app_secrets').select('name').execute()).map((r) => r.name)).toEqual(['media-url']);
  });

  it('refuses unknown types, HTML, oversize files, non-multipart bodies and anonymous uploads', async () => {
    expect((await upload(tokens.normal, '/api/folder/file/upload', 'evil.html', Buffer.from('<script>'))).json()).toMatchObject({
      resultCode: 400,
      errMsg: '不支持的文件类型',
    });
    expect((await upload(tokens.normal, '/api/folder/file/upload', 'x.exe', Buffer.from('MZ'))).json().resultCode).toBe(400);
    const big = await upload(tokens.normal, '/api/folder/file/upload', 'big.zip', Buffer.alloc(20 * 1024 * 1024 + 10, 1));
    expect(big.json()).toMatchObject({ resultCode: 400, errMsg: '上传内容过大' });
    const json = await t.app.inject({ method: 'POST', url: '/api/folder/file/upload', payload: { a: 1 }, headers: { authorization: tokens.normal } });
    expect(json.json().resultCode).toBe(400);
    expect((await upload(null, '/api/folder/file/upload', 'a.png', Buffer.from('x'))).json().resultCode).toBe(40101);
  });

  it('names a download once in Content-Disposition: filename* percent-encoded, filename a plain quoted fallback (a % is not encoded twice)', async () => {
    const up = (await upload(tokens.normal, '/api/folder/file/upload', '进度100%.zip', Buffer.from('PK\u0003\u0004zip'))).json().data;
    const dl = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${up.uid}`, headers: { authorization: tokens.normal } });
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="__100%.zip"; filename*=UTF-8''${encodeURIComponent('进度100%.zip')}`);
  });

  it('strips bidi overrides, isolates, marks and other invisible characters from file names, stored or new', async () => {
    const zip = Buffer.from('PK\u0003\u0004zip');
    const names: [string, string][] = [
      ['报告\u202Efdp.zip', '报告fdp.zip'], // shows as 报告piz.pdf
      ['\u2067a\u2069\u202Ab\u202C\u200E\u200F\u061Cc\u200B\uFEFF\u2060.zip', 'abc.zip'],
      ['x\u0085y\u2028z\u2029\u00ADw.zip', 'xyzw.zip'],
      ['家庭👨\u200D👩\u200D👧.zip', '家庭👨\u200D👩\u200D👧.zip'], // the emoji joiner stays
      ['\u115F\u1160a\u3164b\uFFA0.zip', 'ab.zip'], // Hangul fillers draw nothing
      ['a\u200Db\u200D.zip', 'ab.zip'], // a joiner outside an emoji sequence is just hidden
      ['👨\u200D.zip', '👨.zip'],
      ['👩🏽\u200D💻❤️\u200D🔥.zip', '👩🏽\u200D💻❤️\u200D🔥.zip'], // skin tone and variation selector before the joiner
      ['\u3164\u115F.zip', '未命名文件.zip'], // nothing visible left before the extension: a neutral name, not ".zip"
    ];
    for (const [sent, kept] of names) {
      const res = (await upload(tokens.normal, '/api/folder/file/upload', sent, zip)).json();
      expect(res.data.fileName, JSON.stringify(sent)).toBe(kept);
    }
    // A name stored before this cleaning is cleaned where it is shown and in Content-Disposition.
    const up = (await upload(tokens.normal, '/api/folder/file/upload', 'old.zip', zip)).json().data;
    await t.database.db.updateTable('files').set({ file_name: '旧\u202Efdp.zip' }).where('id', '=', up.uid).execute();
    const dl = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${up.uid}`, headers: { authorization: tokens.normal } });
    expect(dl.headers['content-disposition']).not.toContain(encodeURIComponent('\u202E'));
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('旧fdp.zip'));
    await t.database.db.updateTable('study_resources').set({ file_name: '讲义\u202Efdp.zip' }).where('id', '=', 'case-01-r04').execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/course/studyResourceFile/getResourceByUUId?uuid=case-01-r04',
      headers: { authorization: tokens.normal },
    });
    expect(res.json().data.fileName).toBe('讲义fdp.zip');
  });

  it('uploadImage answers { errno: 0, data: { url } } and accepts images only', async () => {
    const res = (
      await upload(tokens.normal, '/api/folder/file/uploadImage', 'map.png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('png-bytes')]))
    ).json();
    expect(res).toMatchObject({ errno: 0, data: { url: expect.stringMatching(/^\/api\/folder\/resource\/file\/vod\//) } });
    expect((await upload(tokens.normal, '/api/folder/file/uploadImage', 'doc.pdf', Buffer.from('%PDF'))).json().resultCode).toBe(400);
  });

  it('serves media with HTTP Range (206, suffix ranges, 416) and inline only for safe types', async () => {
    const full = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-video' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-disposition']).toMatch(/^inline/);
    expect(full.rawPayload.length).toBe(2429);
    const part = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-video', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/2429');
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(100, 200));
    const tail = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-video', headers: { range: 'bytes=-29' } });
    expect(tail.headers['content-range']).toBe('bytes 2400-2428/2429');
    const bad = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-video', headers: { range: 'bytes=5000-' } });
    expect(bad.statusCode).toBe(416);
    expect((await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/nope' })).statusCode).toBe(404);
    // nothing frames stored files (pdf.js draws PDFs): inline ones may not be framed either
    const pdf = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/vod/file-demo-pdf' });
    expect(pdf.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(pdf.headers['x-frame-options']).toBe('DENY');
    const download = await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/download?uid=file-demo-pdf' });
    expect(download.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('items=1-2', 10)).toBeUndefined();
  });

  it('getVideoUrl answers the URL of a video', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/getVideoUrl?videoId=file-tutor-video', headers: { authorization: tokens.normal } })
    ).json();
    expect(res).toMatchObject({ resultCode: 200, data: '/api/folder/resource/file/vod/file-tutor-video' });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/folder/resource/file/getVideoUrl?videoId=file-demo-pdf', headers: { authorization: tokens.normal } })
      ).json().resultCode,
    ).toBe(404);
  });
});
