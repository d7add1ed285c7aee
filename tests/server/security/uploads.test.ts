import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { NORMAL } from '../helpers';
import { multipart } from './students';

// ASVS 12.x: uploads are typed by us, bounded, stored under our own keys, and never run in our origin.
const t = useTestApp({ normal: NORMAL });
const { tokens } = t;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const upload = (url: string, fileName: string, content: Buffer | string, type?: string) => {
  const m = multipart(fileName, content, type);
  return t.app.inject({ method: 'POST', url, headers: { ...m.headers, authorization: tokens.normal }, payload: m.payload }).then((r) => r.json());
};

describe('upload type checks', () => {
  it('refuses HTML, SVG, scripts and executables whatever Content-Type the client claims', async () => {
    for (const [name, body, type] of [
      ['evil.html', '<script>window.__xss=1</script>', 'image/png'],
      ['evil.htm', '<script>1</script>', 'text/plain'],
      ['evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['evil.xhtml', '<html/>', 'image/jpeg'],
      ['evil.js', 'alert(1)', 'image/png'],
      ['evil.exe', 'MZ', 'application/pdf'],
      ['noext', 'x', 'image/png'],
    ] as const) {
      for (const url of ['/api/folder/file/upload', '/api/folder/file/uploadImage']) {
        const res = await upload(url, name, body, type);
        expect(res.resultCode, `${url} ${name}`).toBe(400);
      }
    }
  });

  it('refuses an image or PDF whose bytes are really markup (magic bytes checked)', async () => {
    expect(await upload('/api/folder/file/upload', 'photo.png', '<svg onload="alert(1)"></svg>')).toMatchObject({
      resultCode: 400,
      errMsg: '文件内容与类型不符',
    });
    expect(await upload('/api/folder/file/uploadImage', 'photo.jpg', '<html><script>alert(1)</script>')).toMatchObject({ resultCode: 400 });
    expect(await upload('/api/folder/file/upload', 'doc.pdf', '<html>not a pdf</html>')).toMatchObject({ resultCode: 400 });
    expect((await upload('/api/folder/file/upload', 'photo.png', PNG)).resultCode).toBe(200);
  });

  it('checks the signature at the start of every media type it serves inline: disguised files are refused, real ones kept', async () => {
    const html = '<html><script>alert(1)</script></html>';
    const real: Record<string, Buffer> = {
      'clip.mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2mp41')]),
      'clip.webm': Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
      'tagged.mp3': Buffer.from('ID3\x04\0\0\0\0\0\0'),
      'bare.mp3': Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]),
      'doc.pdf': Buffer.from('%PDF-1.7\n%...'),
      'photo.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
      'photo.png': PNG,
      'anim.gif': Buffer.from('GIF89a\x01\0\x01\0'),
      'pic.webp': Buffer.from('RIFF\x24\0\0\0WEBPVP8 '),
    };
    for (const [name, bytes] of Object.entries(real)) {
      expect(await upload('/api/folder/file/upload', `x${name}`, html), `disguised ${name}`).toMatchObject({ resultCode: 400, errMsg: '文件内容与类型不符' });
      expect((await upload('/api/folder/file/upload', name, bytes)).resultCode, `real ${name}`).toBe(200);
    }
    // A signature elsewhere than at the start does not count (the PDF marker was looked for in the first KiB).
    expect(await upload('/api/folder/file/upload', 'late.pdf', `${html}%PDF-1.7`)).toMatchObject({ resultCode: 400, errMsg: '文件内容与类型不符' });
    expect(await upload('/api/folder/file/upload', 'late.mp4', `${html}ftyp`)).toMatchObject({ resultCode: 400 });
  });

  it('refuses a streamed body past 20 MB with a clean envelope and stores nothing', async () => {
    const before = await t.database.db.selectFrom('files').select('id').execute();
    const boundary = '----xuetu-big';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const total = 21; // MB
    const body = new Readable({
      read() {
        if (sent === 0) this.push(head);
        if (sent < total) {
          sent++;
          this.push(chunk);
        } else {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
        }
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/folder/file/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: tokens.normal },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: 400, errMsg: '上传内容过大', data: null });
    expect(await t.database.db.selectFrom('files').select('id').execute()).toEqual(before);
  });
});

describe('file names', () => {
  it('a path-traversal name is stored as a bare display name, and the bytes live under our own key', async () => {
    for (const name of [
      '../../etc/passwd.txt',
      '..\\..\\windows\\win.ini.txt',
      '/etc/passwd.pdf',
      '....//....//x.txt',
      '%2e%2e%2fetc%2fpasswd.txt',
      'a\r\nSet-Cookie: x=1.txt',
      '"; filename=evil.html; x=".txt',
    ]) {
      const content = name.endsWith('.pdf') ? '%PDF-1.4' : 'hello';
      const res = await upload('/api/folder/file/upload', name, content);
      // A raw CR/LF or quote ends the name early in the part header (browsers escape them): the
      // truncated name has no allowed extension and is refused; nothing is injected either way.
      if (/[\r\n"]/.test(name) && res.resultCode === 400) continue;
      expect(res.resultCode, name).toBe(200);
      expect(res.data.fileName, name).not.toMatch(/[\\/\r\n"]/);
      const row = await t.database.db.selectFrom('files').selectAll().where('id', '=', res.data.uid).executeTakeFirstOrThrow();
      expect(row.storage_key).toBe(`uploads/stu-0001/${row.id}`);
      const dl = await t.app.inject({ method: 'GET', url: res.data.downloadUrl, headers: { authorization: tokens.normal } });
      expect(dl.statusCode).toBe(200);
      expect(dl.body).toBe(content);
      const disposition = String(dl.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
      expect(dl.headers['set-cookie']).toBeUndefined();
    }
  });

  it('download and media ids that try to walk the file system are just unknown ids', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '..', 'fixture:..%2F..%2Fpackage.json']) {
      const dl = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/download?uid=${id}`, headers: { authorization: tokens.normal } });
      expect(dl.statusCode, id).toBe(404);
      const vod = await t.app.inject({ method: 'GET', url: `/api/folder/resource/file/vod/${id}` });
      expect(vod.statusCode, id).toBe(404);
    }
  });
});

describe('serving', () => {
  it('text and documents download as opaque attachments with nosniff; only safe media are inline', async () => {
    const txt = await upload('/api/folder/file/upload', 'note.txt', '<script>window.__xss=1</script>');
    const md = await upload('/api/folder/file/upload', 'note.md', '<img src=x onerror=alert(1)>');
    const png = await upload('/api/folder/file/upload', 'p.png', PNG);
    for (const f of [txt.data, md.data]) {
      for (const url of [f.fileUrl, f.downloadUrl]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: tokens.normal } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/octet-stream');
        expect(String(res.headers['content-disposition']), url).toMatch(/^attachment;/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      }
    }
    const media = await t.app.inject({ method: 'GET', url: png.data.fileUrl, headers: { authorization: tokens.normal } });
    expect(media.headers['content-type']).toBe('image/png');
    expect(String(media.headers['content-disposition'])).toMatch(/^inline;/);
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    const asDownload = await t.app.inject({ method: 'GET', url: png.data.downloadUrl, headers: { authorization: tokens.normal } });
    expect(String(asDownload.headers['content-disposition'])).toMatch(/^attachment;/);
  });
});

describe('broken multipart bodies', () => {
  it('a body cut before its closing boundary or with a malformed part header is a 400, not a 500', async () => {
    for (const payload of ['{}', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', '--x\r\nGarbage\r\n\r\n', '--x\r\n\r\n']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/folder/file/upload',
        headers: { authorization: tokens.normal, 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      expect(res.json().resultCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('platform files of risky types (e.g. added later by the teacher site)', () => {
  it('HTML and SVG rows are still served as opaque attachments, never inline', async () => {
    for (const [id, type, body] of [
      ['risky-html', 'text/html; charset=utf-8', '<script>window.__xss=1</script>'],
      ['risky-svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['risky-xml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>1</script></html>'],
    ] as const) {
      await t.app.storage.put(`platform/${id}`, Buffer.from(body));
      await t.database.db
        .insertInto('files')
        .values({ id, owner_id: null, file_name: `${id}.html`, content_type: type, size: body.length, storage_key: `platform/${id}` })
        .execute();
      for (const url of [`/api/folder/resource/file/vod/${id}`, `/api/folder/resource/file/download?uid=${id}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/octet-stream');
        expect(String(res.headers['content-disposition']), url).toMatch(/^attachment;/);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    }
  });
});
