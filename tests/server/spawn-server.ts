import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { NORMAL } from './helpers';

/** The real server process (`npm start`'s entry), for fault tests and the load benchmark. */
export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Sends a signal and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
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

/**
 * Starts `node --import tsx src/server/start.ts` on a free loopback port, API only (no client
 * build), and resolves once /api/health reports the database reachable. `env` adds to (and with
 * `undefined` removes from) the parent's environment; DATABASE_URL is dropped unless given.
 * `nodeArgs` go to node itself (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function spawnServer(
  env: Record<string, string | undefined>,
  opts: { timeoutMs?: number; nodeArgs?: string[]; port?: number } = {},
): Promise<SpawnedServer> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const port = opts.port ?? (await freePort());
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    CLIENT_DIR: '',
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    ...env,
  };
  for (const k of Object.keys(full)) if (full[k] === undefined) delete full[k];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'src/server/start.ts'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && (await res.json()).data?.database === 'ok') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The same server and credentials as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, empty PostgreSQL schema for a spawned server (DATABASE_SCHEMA), and its removal. */
export async function freshSchema(databaseUrl: string, prefix = 'f'): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** Logs a demo account in over the network on a spawned server and returns its token. */
export async function loginOverHttp(baseUrl: string, loginName = NORMAL, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/authcust/login/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Whether Redis answers at `url` (the two-process tests skip, saying why, when it does not). */
export async function redisUp(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/**
 * Why a multi-process test on PostgreSQL + Redis cannot run here (null: it can), said once in the
 * log by `file`: it needs DATABASE_URL, the server-pg project and Redis answering.
 */
export async function clusterSkipReason(file: string, redisUrl: string): Promise<string | null> {
  const reason = !process.env.DATABASE_URL
    ? 'needs PostgreSQL (PGlite serves one process): set DATABASE_URL'
    : process.env.TEST_DB !== 'postgres'
      ? 'runs in the server-pg project'
      : !(await redisUp(redisUrl))
        ? `needs Redis at ${redisUrl}`
        : null;
  if (reason) console.log(`${file} skipped: ${reason}`);
  return reason;
}
