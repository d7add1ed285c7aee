import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, spawnServer, type SpawnedServer } from '../../../../tests/server/spawn-server';
import { pgliteFolderCopy } from '../../../../tests/server/database-copies';

/**
 * An over-size upload is refused while the client is still sending, and its connection closed,
 * rather than read to the end first (outside probe, issue 21 A). Raw sockets against the real
 * listening server: inject has no sockets and cannot show when an answer arrives. Only the login
 * touches the database: it runs once, on a copy of the seeded PGlite template (vitest.config.ts: a
 * file that opens no database of its project's kind).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-oversize-'));
let server: SpawnedServer;
let port: number;
let token: string;
beforeAll(async () => {
  pgliteFolderCopy(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, SEED: 'demo' });
  port = Number(new URL(server.url).port);
  token = await loginOverHttp(server.url);
}, 120_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const boundary = '----xuetuOversize';
const partHead = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004`,
);

/** A raw upload connection: what came back, how many body bytes were sent when the answer began, and its close. */
function rawUpload(headers: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  const state = { sent: 0, sentAtAnswer: -1 };
  socket.on('data', (d: Buffer) => {
    if (state.sentAtAnswer < 0) state.sentAtAnswer = state.sent;
    chunks.push(d);
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.write(
    `POST /api/folder/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n${headers}\r\n`,
  );
  /** Writes `data`, waiting for the socket to take it; false once the socket is gone. */
  const send = (data: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed || !socket.writable) return resolve(false);
      state.sent += data.length;
      if (socket.write(data)) return resolve(true);
      const done = (ok: boolean) => {
        socket.off('drain', onDrain);
        socket.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      socket.on('drain', onDrain);
      socket.on('close', onClose);
    });
  return {
    socket,
    send,
    state,
    answer: () => Buffer.concat(chunks).toString('utf8'),
    closedWithin: (ms: number) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
  };
}

describe('over-size uploads', () => {
  it('a declared Content-Length over the limit is refused before the body is read, and the connection closed', { timeout: 60_000 }, async () => {
    const c = rawUpload(`Content-Length: ${50 * MiB}\r\n`);
    await c.send(Buffer.concat([partHead, Buffer.alloc(MiB, 1)]));
    // The client pauses here, far short of the declared 50 MiB: the answer and the close still come.
    expect(await c.closedWithin(30_000)).toBe(true);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(c.answer()).toMatch(/connection: close/i);
    expect(c.answer()).toContain('"errMsg":"上传内容过大"');
  });

  it('a chunked body that passes 20 MB is answered while the client is still sending, and the connection closed', { timeout: 120_000 }, async () => {
    const c = rawUpload('Transfer-Encoding: chunked\r\n');
    const chunk = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    await c.send(chunk(partHead));
    const piece = chunk(Buffer.alloc(MiB, 1));
    // Up to 200 MiB, stopping once the answer has begun (or the socket is gone).
    for (let i = 0; i < 200 && c.state.sentAtAnswer < 0; i++) if (!(await c.send(piece))) break;
    expect(await c.closedWithin(30_000)).toBe(true);
    expect(c.answer()).toContain('"errMsg":"上传内容过大"');
    expect(c.answer()).toMatch(/connection: close/i);
    expect(c.state.sentAtAnswer).toBeGreaterThan(20 * MiB);
    // answered long before the 200 MiB the client would have sent (socket buffers hold a few MiB)
    expect(c.state.sentAtAnswer).toBeLessThan(60 * MiB);
  });
});
