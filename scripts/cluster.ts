import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/seed/demo-accounts';
import { freePort, spawnServer, type SpawnedServer } from '../tests/server/spawn-server';
import { startNginx } from './nginx';

// `npm run cluster -- [processes]`: N server processes (default 2) behind one nginx on PORT (8080),
// all on one PostgreSQL (DATABASE_URL) and one S3 bucket (S3_*): the setup of README "Running on
// several machines" on one machine. nginx runs from a temp folder (its config printed), never as
// the system service. Ctrl-C stops everything.
const processes = Number(process.argv[2] ?? 2);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error('processes: 1-16');
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is required: PGlite serves one process only.');
  process.exit(2);
}
let s3Env: Record<string, string> = {};
let stopS3 = async () => {};
if (!process.env.S3_BUCKET) {
  // For trying it out: a throwaway S3-API server (s3rver, a dev dependency) in a temp folder.
  const { startTestS3 } = await import('../tests/server/s3-server');
  const s3 = await startTestS3();
  s3Env = s3.env;
  stopS3 = s3.close;
  console.log(`S3_BUCKET unset: files go to a throwaway s3rver at ${s3.env.S3_ENDPOINT} (deleted on exit)`);
}

const servers: SpawnedServer[] = [];
// One after the other: the first builds the client if needed, migrates and seeds.
for (let i = 0; i < processes; i++) {
  const s = await spawnServer(
    { ...s3Env, DATABASE_URL: process.env.DATABASE_URL, CLIENT_DIR: process.env.CLIENT_DIR, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    { timeoutMs: 600_000 },
  );
  s.child.stdout!.pipe(process.stdout);
  servers.push(s);
  console.log(`process ${i + 1}: ${s.url} (pid ${s.child.pid})`);
}
const dir = mkdtempSync(join(tmpdir(), 'xuetu-nginx-'));
const port = Number(process.env.PORT ?? (await freePort()));
const nginx = await startNginx({ dir, listen: { host: process.env.HOST ?? '127.0.0.1', port }, upstreams: servers.map((s) => new URL(s.url).host) });
console.log(`nginx (config ${join(dir, 'nginx.conf')}): ${nginx.url}/`);
// The first process seeded an empty database; its own start-up lines went to the spawner.
if (process.env.SEED !== 'none') {
  console.log(`演示账号（密码均为 ${DEMO_PASSWORD}）：`);
  for (const a of demoAccounts) console.log(`  ${a.loginName}  ${a.username}  ${a.note}`);
}

let stopping = false;
// A process that dies is said at once (nginx leaves it out and serves from the others): nothing
// restarts it here, as a supervisor (systemd, Kubernetes) would in production.
servers.forEach((s, i) =>
  s.child.on('exit', (code, signal) => {
    if (!stopping)
      console.log(
        `process ${i + 1} (pid ${s.child.pid}) exited (${signal ?? `code ${code}`}): nginx serves from the others; Ctrl-C and start again for ${processes}`,
      );
  }),
);
async function stop() {
  if (stopping) return;
  stopping = true;
  await nginx.stop();
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  await stopS3();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
