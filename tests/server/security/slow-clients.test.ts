import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../spawn-server';
import { pgliteFolderCopy } from '../database-copies';

/**
 * Clients that hold connections open by sending slowly (slowloris), and oversized headers, against
 * the real listening server (inject has no sockets). Short limits through the environment keep the
 * test quick; the defaults are in the README. The database plays no part: it runs once, on a copy
 * of the seeded PGlite template (vitest.config.ts: a file that opens no database of its project's
 * kind).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-slow-'));
let server: SpawnedServer;
let port: number;
beforeAll(async () => {
  pgliteFolderCopy(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, SEED: 'none', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
  port = Number(new URL(server.url).port);
}, 120_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw connection: what it has received, and a promise of its close (undefined if still open at `waitMs`). */
function rawClient() {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  return {
    socket,
    received: () => received,
    closedWithin: (waitMs: number) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), waitMs))]),
  };
}

/** Writes one byte every `everyMs` until the socket closes (a client that never finishes). */
function trickle(socket: Socket, everyMs: number): void {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('x')), everyMs);
  socket.once('close', () => clearInterval(timer));
}

const healthy = async () => (await (await fetch(`${server.url}/api/health`)).json()).data?.database;

describe('slow and oversized clients', () => {
  it('answers 431 to headers over 16 KB and stays up', async () => {
    const c = rawClient();
    c.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(await c.closedWithin(10_000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 431/);
    expect(await healthy()).toBe('ok');
  });

  it('drops clients that never finish their headers, while serving everyone else', async () => {
    const slow = Array.from({ length: 30 }, () => rawClient());
    for (const c of slow) {
      c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      trickle(c.socket, 200);
    }
    // Normal requests go through while the slow ones hang on.
    for (let i = 0; i < 5; i++) expect(await healthy()).toBe('ok');
    const closed = await Promise.all(slow.map((c) => c.closedWithin(15_000)));
    expect(closed.every(Boolean)).toBe(true);
    expect(slow.every((c) => c.received().startsWith('HTTP/1.1 408'))).toBe(true);
  }, 30_000);

  it('drops a client that sends its body slower than the request timeout allows', async () => {
    const c = rawClient();
    c.socket.write(
      'POST /api/authcust/login/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"loginName":"',
    );
    trickle(c.socket, 200);
    expect(await c.closedWithin(15_000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await healthy()).toBe('ok');
  }, 30_000);
});
