import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, spawnServer, type SpawnedServer } from '../spawn-server';
import { pgliteFolderCopy } from '../database-copies';

// Issue 37 item 3: a refusal must reach the client as the envelope with its reason. The server
// answered (with Connection: close) before reading the body and closed the socket on the unread
// bytes: the client saw a connection reset (EPIPE, ECONNRESET) instead of 不支持的文件类型 or
// 内容过大. fetch (undici, as a browser does) against the real server process: inject has no
// sockets. Only the login touches the database: it runs once, on a copy of the seeded PGlite
// template (vitest.config.ts: a file that opens no database of its project's kind).
const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-refusals-'));
let server: SpawnedServer;
let token = '';
beforeAll(async () => {
  pgliteFolderCopy(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, SEED: 'demo' });
  token = await loginOverHttp(server.url);
}, 120_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const MB = 1000 * 1000;
const upload = (url: string, name: string, bytes: number) => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(bytes, 0x41)]), name);
  return fetch(`${server.url}${url}`, { method: 'POST', headers: { authorization: token }, body: form });
};

describe('refusals arrive as the envelope, not as a broken connection', () => {
  it.each([
    ['/api/folder/file/upload', 'x.svg', '不支持的文件类型'],
    ['/api/folder/file/upload', 'noextension', '不支持的文件类型'],
    ['/api/folder/file/uploadImage', 'x.svg', '只能上传 jpg、png、gif、webp 图片'],
    ['/api/folder/file/upload', 'fake.mp4', '文件内容与类型不符'],
  ])('%s refuses %s with its reason, whatever its size', { timeout: 120_000 }, async (url, name, errMsg) => {
    for (const size of [1000, 3 * MB, 15 * MB]) {
      const res = await upload(url, name, size);
      expect(await res.json(), `${size} bytes`).toMatchObject({ resultCode: 400, errMsg });
    }
  });

  it.each([5.4, 12])('a %s MB saveStuMind body (over the document limit) gets 内容过大 in the envelope', { timeout: 60_000 }, async (mb) => {
    const text = 'x'.repeat(mb * MB);
    const body = JSON.stringify({ caseId: 'case-01', version: 0, document: { root: { data: { id: 'r', text }, children: [] } } });
    const res = await fetch(`${server.url}/api/course/mindStudent/saveStuMind`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body,
    });
    expect(await res.json()).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('内容过大') });
  });
});
