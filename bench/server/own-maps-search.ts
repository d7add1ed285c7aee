import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { factsOf, searchMaps } from '../../src/server/modules/mymaps/store';
import type { KmDocument, KmNode } from '../../src/server/modules/mindmaps/document';
import { freshSchema } from '../../tests/server/spawn-server';
import { printBulkImport } from './own-maps-import';

/**
 * 我的导图's search (issue 33, budget ≤ 200 ms): one student with MAPS maps of TOPICS topics each
 * (Chinese study text, ids and words varied per map), then the search route's query for a word
 * in one map, a word in every map (50 hits, the cap) and a word in none. PGlite unless
 * DATABASE_URL is set. `npm run bench -- mymaps`; prints its table.
 */
const MAPS = Number(process.env.BENCH_MYMAPS ?? 200);
const TOPICS = Number(process.env.BENCH_MYMAPS_TOPICS ?? 1000);
const RUNS = 15;
const WORDS = ['概念', '定义', '例题', '证明', '实验', '总结', '易错点', '公式', '方法', '应用'];

function mapOf(m: number): KmDocument {
  let n = 0;
  const node = (text: string, children: KmNode[] = []): KmNode => ({ data: { id: `m${m}n${n++}`, text }, children });
  const chapters: KmNode[] = [];
  // 4 levels like the editor: 20 chapters × 7 sections × 6 points ≈ 1,000 topics
  for (let c = 0; n < TOPICS; c++) {
    const sections: KmNode[] = [];
    for (let s = 0; s < 7 && n < TOPICS; s++) {
      const points: KmNode[] = [];
      for (let p = 0; p < 6 && n < TOPICS; p++) points.push(node(`${WORDS[(c + s + p) % WORDS.length]}：第${c + 1}章第${s + 1}节要点${p + 1}（导图${m}）`));
      sections.push(node(`第${s + 1}节 ${WORDS[s % WORDS.length]}与练习`, points));
    }
    chapters.push(node(`第${c + 1}章`, sections));
  }
  return { root: node(`复习导图 ${m}`, chapters), template: 'default', theme: 'fresh-blue', version: '1.4.43' } as KmDocument;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function runOwnMapsSearchBench(): Promise<{ query: string; hits: number; p50: number; p95: number }[]> {
  const url = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-mymaps-'));
  const schema = url ? await freshSchema(url, 'mymaps') : undefined;
  const handle = url ? await openDatabase({ databaseUrl: url, searchPath: schema!.schema, poolSize: 2 }) : await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    const db = handle.db;
    await migrateToLatest(db);
    await db.insertInto('students').values({ id: 'bench-s', login_name: 'bench-mymaps', password_hash: 'x', username: '基准' }).execute();
    for (let m = 0; m < MAPS; m++) {
      const doc = mapOf(m);
      const text = JSON.stringify(doc);
      await db
        .insertInto('own_maps')
        .values({ id: `bench-${m}`, student_id: 'bench-s', document: text, version: 1, snapshot_version: 1, log_from: 1, ...factsOf(doc, text) })
        .execute();
    }
    const rows = [];
    for (const query of ['导图137）', '易错点', '不存在的词']) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        hits = (await searchMaps(db, 'bench-s', query)).length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push({ query, hits, p50: Math.round(pct(times, 50) * 10) / 10, p95: Math.round(pct(times, 95) * 10) / 10 });
    }
    return rows;
  } finally {
    await handle.close();
    await schema?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function printOwnMapsSearch(): Promise<void> {
  const rows = await runOwnMapsSearchBench();
  console.log(`我的导图 search, ${MAPS} maps × ${TOPICS} topics, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (budget ≤ 200 ms)`);
  console.table(rows);
  await printBulkImport();
}
