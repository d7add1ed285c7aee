import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { call, login, NORMAL } from '../../tests/server/helpers';
import { freshSchema } from '../../tests/server/spawn-server';

/**
 * What one one-topic save costs the server (issue 30): bytes sent and server CPU
 * (process.cpuUsage around the request, the app and PGlite in this process) of a rename on maps of
 * 1k, 10k and 40k topics, saved whole (saveStuMind) and as a change set (saveChanges). Medians of
 * SAVES_RUNS requests after a warm-up. On PGlite the database runs in this process (its CPU is
 * counted); on PostgreSQL (DATABASE_URL, else the local test database when it answers) only the
 * server's own. `npm run bench -- server` (or `-- saves` alone);
 * writes bench/results/server-saves.json.
 */
export interface SaveBenchRow {
  database: 'PGlite' | 'PostgreSQL';
  topics: number;
  path: 'whole (saveStuMind)' | 'change set (saveChanges)';
  bytesSent: number;
  cpuMs: number;
  wallMs: number;
}

const CASE = 'case-02';

/** A map of `topics` topics: √n chapters, the rest spread under them (ids c0…, n…). */
export function mapOf(topics: number) {
  const chapters = Math.max(1, Math.round(Math.sqrt(topics)));
  const children = Array.from({ length: chapters }, (_, c) => ({ data: { id: `c${c}`, text: `第${c + 1}章` }, children: [] as object[] }));
  for (let i = chapters + 1; i < topics; i++) children[i % chapters].children.push({ data: { id: `n${i}`, text: `知识点 ${i}：概念与例子` } });
  return { root: { data: { id: 'root', text: `${topics} 个主题` }, children }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runMapSaveBench(opts: { sizes?: number[]; runs?: number; write?: boolean; databaseUrl?: string | null } = {}): Promise<SaveBenchRow[]> {
  const sizes = opts.sizes ?? [1_000, 10_000, 40_000];
  const runs = opts.runs ?? Number(process.env.SAVES_RUNS ?? 9);
  const url = opts.databaseUrl === null ? undefined : (opts.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const rows = await runOn('PGlite', undefined, sizes, runs);
  if (url) {
    let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
    try {
      schema = await freshSchema(url, 'saves');
    } catch (e) {
      console.error(`  PostgreSQL rows skipped (${(e as Error).message})`);
    }
    if (schema)
      try {
        rows.push(...(await runOn('PostgreSQL', { databaseUrl: url, searchPath: schema.schema }, sizes, runs)));
      } finally {
        await schema.drop();
      }
  }
  if (opts.write !== false) {
    const out = resolve(dirname(fileURLToPath(import.meta.url)), '../results/server-saves.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, runs, rows }, null, 2));
  }
  return rows;
}

async function runOn(
  kind: SaveBenchRow['database'],
  pg: { databaseUrl: string; searchPath: string } | undefined,
  sizes: number[],
  runs: number,
): Promise<SaveBenchRow[]> {
  const storageDir = mkdtempSync(join(tmpdir(), 'xuetu-saves-'));
  const database = await openDatabase(pg ?? {});
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const app = await buildApp({ config: { ...loadConfig({}), clientDir: null, storageDir, logLevel: 'silent' }, database, logger: false });
  const rows: SaveBenchRow[] = [];
  try {
    await app.ready();
    const token = await login(app, NORMAL);
    await call(app, token, { method: 'POST', url: '/api/course/caseApply/saveApply', payload: { caseId: CASE } });
    let version = (await call(app, token, { method: 'GET', url: `/api/course/mindStudent/checkIssue?caseId=${CASE}` })).data.version as number;
    /** One request: its body's bytes, the CPU and wall time it took, its answer. */
    const measure = async (url: string, payload: object) => {
      const body = JSON.stringify(payload);
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url, payload: body, headers: { authorization: token, 'content-type': 'application/json' } });
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      const env = res.json() as { resultCode: number; errMsg: string; data: { version: number } };
      if (env.resultCode !== 200) throw new Error(`${url}: ${env.resultCode} ${env.errMsg}`);
      return { bytes: Buffer.byteLength(body), cpuMs: (used.user + used.system) / 1000, wallMs: wall, version: env.data.version };
    };
    for (const topics of sizes) {
      const doc = mapOf(topics);
      const whole: { bytes: number; cpuMs: number; wallMs: number }[] = [];
      for (let i = 0; i <= runs; i++) {
        doc.root.children[0].data.text = `第一章 ${topics}-${i}`;
        const r = await measure('/api/course/mindStudent/saveStuMind', { caseId: CASE, version, document: doc });
        version = r.version;
        if (i > 0) whole.push(r); // the first: warm-up
      }
      const sets: { bytes: number; cpuMs: number; wallMs: number }[] = [];
      let before = doc.root.children[0].data.text;
      for (let i = 0; i <= runs; i++) {
        const after = `第一章 ${topics}-set-${i}`;
        const set = { id: `bench${topics}:${i + 1}`, changes: [{ op: 'set', id: 'c0', key: 'text', before, after }] };
        before = after;
        const r = await measure('/api/course/mindStudent/saveChanges', { caseId: CASE, base: version, sets: [set] });
        version = r.version;
        // the first after a whole save builds the map's head in memory (once per process and map)
        if (i > 0) sets.push(r);
      }
      for (const [path, xs] of [
        ['whole (saveStuMind)', whole],
        ['change set (saveChanges)', sets],
      ] as const) {
        const row = {
          database: kind,
          topics,
          path,
          bytesSent: median(xs.map((x) => x.bytes)),
          cpuMs: round(median(xs.map((x) => x.cpuMs))),
          wallMs: round(median(xs.map((x) => x.wallMs))),
        };
        rows.push(row);
        console.error(`  ${formatSaveRow(row)}`);
      }
    }
  } finally {
    await app.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
  return rows;
}

const round = (x: number) => Math.round(x * 100) / 100;

function formatSaveRow(r: SaveBenchRow): string {
  return `${r.database.padEnd(10)} ${String(r.topics).padStart(7)}  ${r.path.padEnd(26)} ${String(r.bytesSent).padStart(10)} ${r.cpuMs.toFixed(2).padStart(9)} ${r.wallMs.toFixed(2).padStart(9)}`;
}

export function printSaveTable(rows: SaveBenchRow[]): void {
  const head = `${'database'.padEnd(10)} ${'topics'.padStart(7)}  ${'one-topic save'.padEnd(26)} ${'bytes sent'.padStart(10)} ${'CPU ms'.padStart(9)} ${'wall ms'.padStart(9)}`;
  console.log([head, ...rows.map(formatSaveRow)].join('\n'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  printSaveTable(await runMapSaveBench());
}
