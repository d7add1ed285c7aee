import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { decodeFile, exportFile, type FileFormat } from '../../src/mindmap/core';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { parseDocument, type KmDocument, type KmNode } from '../../src/server/modules/mindmaps/document';
import { factsOf, insertMap } from '../../src/server/modules/mymaps/store';
import { freshSchema } from '../../tests/server/spawn-server';

/**
 * 批量导入 of FILES files (issue 33.2): what the import worker does per file (decodeFile: the
 * engine's codecs, a mix of .km, .md, .txt, .opml, .mm and .xmind of TOPICS topics each) and what
 * POST /api/mymaps/import does per file (parseDocument, then insertMap: the limits and the insert
 * in one transaction), one file after another as the page sends them. Part of `npm run bench -- mymaps`.
 */
const FILES = Number(process.env.BENCH_IMPORT_FILES ?? 100);
const TOPICS = Number(process.env.BENCH_IMPORT_TOPICS ?? 300);
const FORMATS: FileFormat[] = ['km', 'md', 'txt', 'opml', 'mm', 'xmind'];

function mapOf(f: number): KmDocument {
  let n = 0;
  const node = (text: string, children: KmNode[] = []): KmNode => ({ data: { id: `f${f}n${n++}`, text }, children });
  const chapters: KmNode[] = [];
  for (let c = 0; n < TOPICS; c++) {
    const points: KmNode[] = [];
    for (let p = 0; p < 9 && n < TOPICS; p++) points.push(node(`第${c + 1}章要点${p + 1}：定义、例题与易错点（文件${f}）`));
    chapters.push(node(`第${c + 1}章`, points));
  }
  return { root: node(`导入导图 ${f}`, chapters), template: 'default', theme: 'fresh-blue', version: '1.4.43' } as KmDocument;
}

const pct = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
const stats = (step: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { step, files: times.length, totalMs: Math.round(times.reduce((a, b) => a + b, 0)), p50: pct(sorted, 50), p95: pct(sorted, 95) };
};

export async function runBulkImportBench() {
  const files = Array.from({ length: FILES }, (_, i) => {
    const format = FORMATS[i % FORMATS.length];
    const data = exportFile(format, mapOf(i)).data;
    return { name: `导图${i}.${format}`, bytes: typeof data === 'string' ? strToU8(data) : data };
  });
  const url = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-mymaps-import-'));
  const schema = url ? await freshSchema(url, 'mymapsimport') : undefined;
  const handle = url ? await openDatabase({ databaseUrl: url, searchPath: schema!.schema, poolSize: 2 }) : await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    const db = handle.db;
    await migrateToLatest(db);
    await db.insertInto('students').values({ id: 'bench-i', login_name: 'bench-import', password_hash: 'x', username: '基准' }).execute();
    const decode: number[] = [];
    const store: number[] = [];
    for (const f of files) {
      let t0 = performance.now();
      const r = decodeFile(f.name, f.bytes);
      decode.push(performance.now() - t0);
      if (!r.ok) throw new Error(`${f.name}: ${r.reason}`);
      t0 = performance.now();
      const { doc, text } = parseDocument(JSON.parse(JSON.stringify(r.maps[0].document)));
      await insertMap(db, 'bench-i', text, factsOf(doc, text));
      store.push(performance.now() - t0);
    }
    return [stats('decode (worker)', decode), stats('import route (parse + insert)', store)];
  } finally {
    await handle.close();
    await schema?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function printBulkImport(): Promise<void> {
  const rows = await runBulkImportBench();
  console.log(`我的导图 批量导入, ${FILES} files × ${TOPICS} topics (${FORMATS.join(', ')}), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.table(rows);
}
