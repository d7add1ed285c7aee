import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { prepareE2EDatabase } from './students';

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * One embedded database migrated and seeded (demo content plus the e2e-only students of
 * students.ts) in a folder of its own, for servers to start from copies of: migrating and seeding
 * PGlite costs a few core-seconds, copying its closed data folder a fraction of one.
 */
export async function prepareDatabaseTemplate(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-e2e-template-'));
  await prepareE2EDatabase(join(dir, 'pglite'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real server (`npm start`'s entry) on a free port with a fresh copy of the seeded embedded
 * database (`template`: global-setup's, by default), serving the already built dist/client. E2E
 * always uses PGlite: the server suites cover PostgreSQL.
 */
export async function startServer(template: string = inject('e2eDatabaseTemplate')): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-e2e-'));
  // where the server's DATA_DIR keeps PGlite (config.ts)
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'demo' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 120_000);
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
