import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { freshSchema, spawnServer, type SpawnedServer } from '../../tests/server/spawn-server';
import { browse, examStampede, heartbeat, mapSaves, type Mix } from './mixes';
import { perRequest, sampleCpu } from './process-cpu';
import { runPaced } from './paced-runner';
import { examStart, nineOClock, steadyHeartbeats, type PacedMix } from './term-mixes';
import { BENCH_CASE, seedLoadStudents } from './seed-load';

/**
 * Load benchmark of the real server process on loopback, on PGlite and on PostgreSQL with one and
 * with two server processes sharing one schema. Two kinds of mix: saturating ones (100
 * connections sending as fast as answers come: browse, video heartbeat, exam stampede, map
 * saves) and the paced moments of a term (term-mixes.ts: the 9:00 spike, the exam start, steady
 * video), which students arriving at random moments drive (paced-runner.ts; autocannon's
 * overallRate sends them as one burst a second). Each row has the server's (and PostgreSQL's) CPU
 * per request, the figure that predicts scale-out. Prints a table and writes bench/results/server.json.
 */
export interface ServerBenchRow {
  database: 'PGlite' | 'PostgreSQL';
  processes: number;
  mix: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  /** [min, max] of the per-second request counts behind the average. */
  reqPerSecRange?: [number, number];
  p50Ms: number;
  p99Ms: number;
  /** Socket errors + timeouts + non-2xx HTTP answers + enveloped failures (resultCode ≠ 200). */
  errors: number;
  /** CPU ms per request of the server processes (PGlite: the database too) and of PostgreSQL's backends. */
  serverCpuMs?: number;
  dbCpuMs?: number;
}

export interface ServerBenchOptions {
  /** Seconds per mix (BENCH_DURATION, default 5: the whole default bench stays under 10 min on 2 cores). */
  durationSec?: number;
  /** PostgreSQL to use; default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; null skips it. */
  databaseUrl?: string | null;
  /** Extra students with a live session each (default 12000: the exam stampede needs a fresh one per attempt). */
  students?: number;
  write?: boolean;
}

interface Target {
  database: ServerBenchRow['database'];
  processes: number;
  env: Record<string, string | undefined>;
  cleanup(): Promise<void>;
}

async function pgliteTarget(students: number): Promise<Target & { tokens: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-bench-'));
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const tokens = await seedLoadStudents(handle.db, students);
  await handle.close();
  return { database: 'PGlite', processes: 1, env: { DATA_DIR: dataDir }, tokens, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(url: string, processes: number, students: number): Promise<Target & { tokens: string[] }> {
  const s = await freshSchema(url, 'bench');
  const handle = await openDatabase({ databaseUrl: url, searchPath: s.schema, poolSize: 2 });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const tokens = await seedLoadStudents(handle.db, students);
  await handle.close();
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-bench-'));
  return {
    database: 'PostgreSQL',
    processes,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: s.schema, DATA_DIR: dataDir },
    tokens,
    cleanup: async () => {
      await s.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function apiGet(base: string, token: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: token } });
  return ((await res.json()) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function runMix(
  urls: string[],
  tokens: string[],
  mix: Mix | PacedMix,
  durationSec: number,
  pids: number[] = [],
): Promise<Omit<ServerBenchRow, 'database' | 'processes'>> {
  const before = sampleCpu(pids);
  if ('student' in mix) {
    const r = await runPaced(urls, mix, { timeoutSec: 10 });
    const cpu = perRequest(before, sampleCpu(pids), r.requests);
    const { clientLagP99Ms, ...row } = r;
    if (clientLagP99Ms > 5) console.error(`    the load generator started students up to ${clientLagP99Ms} ms late (p99): counted in the latencies`);
    return { ...(cpu ?? {}), mix: mix.name, connections: mix.connections, ...row, errors: r.errors + mix.appErrors };
  }
  const r = await autocannon({ url: urls, connections: mix.connections, timeout: 10, setupClient: mix.setupClient(tokens), duration: durationSec });
  const cpu = perRequest(before, sampleCpu(pids), r.requests.total);
  return {
    ...(cpu ?? {}),
    mix: mix.name,
    connections: mix.connections,
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average),
    reqPerSecRange: [r.requests.min, r.requests.max],
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx + mix.appErrors,
  };
}

export async function runServerBench(opts: ServerBenchOptions = {}): Promise<ServerBenchRow[]> {
  const durationSec = opts.durationSec ?? Number(process.env.BENCH_DURATION ?? 5);
  const students = opts.students ?? 12_000;
  const url = opts.databaseUrl === null ? undefined : (opts.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const rows: ServerBenchRow[] = [];
  const plans: (() => Promise<Target & { tokens: string[] }>)[] = [() => pgliteTarget(students)];
  if (url)
    plans.push(
      () => postgresTarget(url, 1, students),
      () => postgresTarget(url, 2, students),
    );

  for (const plan of plans) {
    const target = await plan();
    const servers: SpawnedServer[] = [];
    try {
      for (let i = 0; i < target.processes; i++) servers.push(await spawnServer({ ...target.env, SEED: 'none', LOG_LEVEL: 'warn' }));
      const urls = servers.map((s) => s.url);
      // What the exam and map mixes need from the seeded content, read through the API.
      const token = target.tokens[0]!;
      const shown = await apiGet(urls[0]!, token, `/api/course/mindStudent/showMind?caseId=${BENCH_CASE}`);
      const nodeId = shown.document.root.children[0].children[0].data.id as string;
      const exam = await apiGet(urls[0]!, token, `/api/course/nodeTestUser/getExamByNodeId?caseId=${BENCH_CASE}&nodeId=${nodeId}`);
      const questionIds = (exam.questions as { questionId: string }[]).map((q) => q.questionId);
      await runMix(urls, target.tokens, browse(10), 2); // warm-up: JIT, pools, caches
      const pids = servers.map((s) => s.child.pid!).filter(Boolean);
      // Disjoint students per writing mix: an exam allows one attempt each.
      const [spikePool, examPool, videoPool, rest] = [
        target.tokens.slice(1, 1_001),
        target.tokens.slice(1_001, 3_001),
        target.tokens.slice(3_001, 4_001),
        target.tokens.slice(4_001),
      ];
      const mixes: [Mix | PacedMix, string[]][] = [
        [browse(100), target.tokens],
        [heartbeat(100), target.tokens],
        [examStampede(100, { caseId: BENCH_CASE, nodeId, examId: exam.examId, questionIds }), rest],
        [mapSaves(50, BENCH_CASE, shown.document), target.tokens],
        [nineOClock(spikePool, BENCH_CASE), spikePool],
        [examStart(examPool, { caseId: BENCH_CASE, nodeId }), examPool],
        [steadyHeartbeats(videoPool), videoPool],
      ];
      // BENCH_MIXES=spike,video picks mixes by a word of their name (all by default)
      const only = (process.env.BENCH_MIXES ?? '').split(',').filter(Boolean);
      for (const [mix, pool] of mixes.filter(([m]) => !only.length || only.some((w) => m.name.includes(w)))) {
        const row = { database: target.database, processes: target.processes, ...(await runMix(urls, pool, mix, durationSec, pids)) };
        rows.push(row);
        console.error(`  ${formatRow(row)}`);
        if (mix.errorSamples?.length) console.error(`    failures: ${mix.errorSamples.join(' | ')}`);
      }
    } finally {
      for (const s of servers) await s.stop('SIGTERM');
      await target.cleanup();
    }
  }
  if (opts.write !== false) {
    const out = resolve(dirname(fileURLToPath(import.meta.url)), '../results/server.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, durationSec, students, rows }, null, 2));
  }
  return rows;
}

const cpuCell = (ms: number | undefined) => (ms === undefined ? '–' : ms.toFixed(2)).padStart(7);

function formatRow(r: ServerBenchRow): string {
  return `${r.database.padEnd(10)} ${String(r.processes).padStart(5)}  ${r.mix.padEnd(44)} ${String(r.connections).padStart(5)} ${String(r.reqPerSec).padStart(8)} ${String(r.p50Ms).padStart(8)} ${String(r.p99Ms).padStart(8)} ${String(r.errors).padStart(7)} ${cpuCell(r.serverCpuMs)} ${cpuCell(r.dbCpuMs)}`;
}

export function printServerTable(rows: ServerBenchRow[]): void {
  const head = `${'database'.padEnd(10)} ${'procs'.padStart(5)}  ${'mix'.padEnd(44)} ${'conns'.padStart(5)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'srv CPU'.padStart(7)} ${'db CPU'.padStart(7)}`;
  console.log([head, ...rows.map(formatRow)].join('\n'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  printServerTable(await runServerBench());
}
