import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { freshSchema, spawnServer } from '../../tests/server/spawn-server';
import { seedLoadStudents } from './seed-load';

/**
 * Memory of the real server process while UPLOADS students each send one UPLOAD_MIB MiB file at
 * once (issue 21 item 11): resident set size sampled every 20 ms from /proc, growth over the
 * idle process after a warm-up upload. `npx tsx bench/server/upload-memory.ts` (PostgreSQL when
 * DATABASE_URL is set, else PGlite). Prints one JSON line.
 */
const UPLOADS = Number(process.env.UPLOADS ?? 8);
const UPLOAD_MIB = Number(process.env.UPLOAD_MIB ?? 19);

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

function multipart(name: string, content: Buffer) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, token: string, content: Buffer): Promise<number> {
  const m = multipart('bench.zip', content);
  const res = await fetch(`${url}/api/folder/file/upload`, { method: 'POST', headers: { authorization: token, 'content-type': m.type }, body: m.body });
  return ((await res.json()) as { resultCode: number }).resultCode;
}

export async function runUploadMemoryBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-upmem-'));
  const url = process.env.DATABASE_URL;
  const env: Record<string, string | undefined> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let drop = async () => {};
  let tokens: string[];
  if (url) {
    const s = await freshSchema(url, 'upmem');
    drop = s.drop;
    const handle = await openDatabase({ databaseUrl: url, searchPath: s.schema, poolSize: 2 });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    tokens = await seedLoadStudents(handle.db, UPLOADS);
    await handle.close();
    Object.assign(env, { DATABASE_URL: url, DATABASE_SCHEMA: s.schema });
  } else {
    const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    tokens = await seedLoadStudents(handle.db, UPLOADS);
    await handle.close();
  }
  const server = await spawnServer(env);
  try {
    const pid = server.child.pid!;
    const content = Buffer.alloc(UPLOAD_MIB * 1024 * 1024, 7);
    if ((await upload(server.url, tokens[0]!, content.subarray(0, 1024 * 1024))) !== 200) throw new Error('warm-up upload failed');
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssOf(pid);
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const codes = await Promise.all(tokens.map((t) => upload(server.url, t, content)));
    clearInterval(timer);
    peak = Math.max(peak, rssOf(pid));
    const result = {
      database: url ? 'PostgreSQL' : 'PGlite',
      uploads: UPLOADS,
      mib: UPLOAD_MIB,
      ok: codes.filter((c) => c === 200).length,
      idleMiB: +(idle / 2 ** 20).toFixed(1),
      peakMiB: +(peak / 2 ** 20).toFixed(1),
      growthMiB: +((peak - idle) / 2 ** 20).toFixed(1),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runUploadMemoryBench();
