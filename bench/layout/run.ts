// `npm run bench -- layout [--plugin ./my-layout.ts]…`: the layout benchmark (README "Layout
// benchmark"). Every layout of builtins() plus the plug-ins (default: the sample in examples/) on
// every tree of the corpus: full layout, relayout after one insert, heap, quality checks.
// Prints a table and writes bench/results/layout.json (drawn in report.html).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { median, range, round1, type Range } from '../stats';
import type { LayoutModule } from './contract';
import { builtins, moduleContender, prepare, type Contender, type Prepared } from './contenders';
import { corpus, type CorpusEntry } from './corpus';
import { checkLayout, type Quality } from './quality';

export interface LayoutRow {
  layout: string;
  tree: string;
  shape: string;
  nodes: number;
  status: 'ok' | 'timeout' | 'error' | 'skipped';
  note?: string;
  fullMs?: number;
  fullMsRange?: Range;
  insertMs?: number;
  insertMsRange?: Range;
  insertMode: 'incremental' | 'full relayout';
  heapMB?: number;
  quality?: Quality;
  runs: number;
}

export interface LayoutResults {
  date: string;
  node: string;
  sizes: number[];
  timeoutMs: number;
  layouts: { name: string; incremental: boolean; note?: string }[];
  corpus: Omit<CorpusEntry, 'tree'>[];
  rows: LayoutRow[];
}

export const DEFAULT_SIZES = [1000, 10000, 50000];
export const SAMPLE_PLUGIN = resolve(import.meta.dirname, 'examples/naive-tidy.ts');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Imports a plug-in module (a path relative to where npm was run) and checks it exports layout(). */
export async function loadPlugin(path: string): Promise<Contender> {
  const abs = resolve(process.env.INIT_CWD ?? process.cwd(), path);
  const m = (await import(pathToFileURL(abs).href)) as Partial<LayoutModule> & { default?: LayoutModule };
  const mod = typeof m.layout === 'function' ? (m as LayoutModule) : m.default;
  if (typeof mod?.layout !== 'function') throw new Error(`${path}: the module exports no layout(tree, sizes) function (bench/layout/contract.ts)`);
  return moduleContender(mod.name ?? m.name ?? basename(path), mod, { note: `plug-in ${relative(process.cwd(), abs)}` });
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const ms = (t0: number) => r3(performance.now() - t0);
async function timed(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return ms(t0);
}

/** Like timed, but Infinity when `fn`'s promise has not settled `limitMs` after it was called. */
async function timedWithin(fn: () => unknown, limitMs: number): Promise<number> {
  const t0 = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<number>((r) => (timer = setTimeout(() => r(Infinity), limitMs)));
  try {
    return await Promise.race([Promise.resolve(fn()).then(() => ms(t0)), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function measure(c: Contender, p: Prepared, e: CorpusEntry, repeat: number, timeoutMs: number): Promise<LayoutRow> {
  const row: LayoutRow = {
    layout: c.name,
    tree: e.name,
    shape: e.shape,
    nodes: e.nodes,
    status: 'ok',
    insertMode: c.incremental ? 'incremental' : 'full relayout',
    runs: 0,
  };
  const s = c.open(p);
  // The first run warms the JIT, gives the positions the quality checks read, and stops a layout
  // that takes longer than the time limit (its larger trees of the same shape are not run). An
  // async layout is given up at the limit; a synchronous one cannot be interrupted in-process, so
  // its time is judged when it returns.
  const first = await timedWithin(() => s.layout(), timeoutMs);
  if (first > timeoutMs)
    return Number.isFinite(first)
      ? { ...row, status: 'timeout', fullMs: first, note: `first layout took ${Math.round(first)} ms > ${timeoutMs} ms` }
      : // (drawn as a timeout at the limit: it had not answered by then)
        { ...row, status: 'timeout', fullMs: timeoutMs, note: `no answer within ${timeoutMs} ms` };
  const quality = checkLayout(p.tree, p.sizes, s.positions());
  // (no quality figures: a bounding box of the few placed topics would read as a perfect layout)
  if (quality.missing) return { ...row, status: 'error', note: `${quality.missing} of ${e.nodes} topics got no position` };
  row.quality = quality;
  // Slow layouts are timed fewer times so a default run stays within minutes.
  const runs = first > 1000 ? 1 : e.nodes > 20000 ? Math.min(repeat, 3) : repeat;
  const full: number[] = [];
  for (let i = 0; i < runs; i++) full.push(await timed(() => s.layout()));
  const ins: number[] = [];
  for (let i = 0; i < runs; i++) {
    s.beforeInsert();
    ins.push(await timed(() => s.insert()));
    await s.afterInsert();
  }
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = await (s.fresh ?? s.layout)();
  const heap = process.memoryUsage().heapUsed - before;
  void kept;
  return {
    ...row,
    runs,
    fullMs: r2(median(full)),
    fullMsRange: range(full).map(r2) as Range,
    insertMs: r3(median(ins)),
    insertMsRange: range(ins).map(r3) as Range,
    heapMB: round1(Math.max(0, heap) / 1048576),
  };
}

export async function runLayoutBench(
  opts: { sizes?: number[]; plugins?: string[]; repeat?: number; timeoutMs?: number; elkMax?: number; write?: boolean; entries?: CorpusEntry[] } = {},
): Promise<LayoutResults> {
  const sizes = opts.sizes ?? DEFAULT_SIZES;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const plugins = await Promise.all((opts.plugins?.length ? opts.plugins : [SAMPLE_PLUGIN]).map(loadPlugin));
  const contenders = [...builtins(opts.elkMax ?? 1000), ...plugins];
  const entries = opts.entries ?? corpus(sizes);
  const rows: LayoutRow[] = [];
  // A layout that timed out or threw on a shape is not run on that shape's larger trees.
  const stopped = new Map<string, string>();
  for (const e of entries) {
    const p = prepare(e.tree);
    for (const c of contenders) {
      const key = `${c.name}|${e.shape}`;
      const base = {
        layout: c.name,
        tree: e.name,
        shape: e.shape,
        nodes: e.nodes,
        insertMode: c.incremental ? ('incremental' as const) : ('full relayout' as const),
        runs: 0,
      };
      if (c.maxNodes !== undefined && e.nodes > c.maxNodes) rows.push({ ...base, status: 'skipped', note: `not run above ${c.maxNodes} nodes` });
      else if (stopped.has(key)) rows.push({ ...base, status: 'skipped', note: stopped.get(key) });
      else {
        let row: LayoutRow;
        try {
          row = await measure(c, p, e, opts.repeat ?? 5, timeoutMs);
        } catch (err) {
          row = { ...base, status: 'error', note: String((err as Error).message ?? err).slice(0, 160) };
        }
        if (row.status !== 'ok') stopped.set(key, `not run: ${row.status} on ${e.name}`);
        rows.push(row);
      }
      gc();
    }
  }
  const res: LayoutResults = {
    date: new Date().toISOString(),
    node: process.version,
    sizes,
    timeoutMs,
    layouts: contenders.map((c) => ({ name: c.name, incremental: c.incremental, note: c.note })),
    corpus: entries.map(({ tree: _tree, ...rest }) => rest),
    rows,
  };
  if (opts.write !== false) {
    const out = join(import.meta.dirname, '../results/layout.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(res, null, 2));
  }
  return res;
}

const fmt = (x: number | undefined, d = 1) => (x === undefined ? '—' : x.toFixed(d));

export function printLayoutTable(res: LayoutResults): void {
  const head = ['tree', 'nodes', 'layout', 'full ms', 'insert ms', 'heap MB', 'overlap', 'side', 'order', 'W×H px', 'fill', 'aspect', 'status'];
  const lines = res.rows.map((r) => {
    const q = r.quality;
    const ins = r.insertMs === undefined ? '—' : `${fmt(r.insertMs, 3)}${r.insertMode === 'full relayout' ? ' (full)' : ''}`;
    return [
      r.tree.slice(0, 26).padEnd(26),
      String(r.nodes).padStart(6),
      r.layout.slice(0, 28).padEnd(28),
      fmt(r.fullMs).padStart(9),
      ins.padStart(15),
      fmt(r.heapMB).padStart(7),
      String(q?.overlaps ?? '—').padStart(7),
      String(q?.sideErrors ?? '—').padStart(5),
      String(q?.orderErrors ?? '—').padStart(5),
      (q ? `${q.width}×${q.height}` : '—').padStart(16),
      (q ? String(q.fill) : '—').padStart(6),
      (q ? String(q.aspect) : '—').padStart(7),
      `${r.status}${r.note && r.status !== 'ok' ? ` (${r.note})` : ''}`,
    ].join(' ');
  });
  console.log(`${head.join(' | ')}\n${lines.join('\n')}`);
  console.log('insert ms: "(full)" = the layout has no incremental mode, a full layout after the insert was timed.');
  for (const l of res.layouts) console.log(`· ${l.name}: ${l.note ?? ''}`);
}

/**
 * `npm run bench -- layout-corpus [dir]`: every tree of the corpus as JSON (tree, sizes as the
 * benchmark gives them, source and licence), for running other tools on the same trees.
 */
export function writeCorpus(dir: string, sizes = DEFAULT_SIZES): string[] {
  mkdirSync(dir, { recursive: true });
  return corpus(sizes).map((e) => {
    const file = join(dir, `${e.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}.json`);
    const { sizes: s } = prepare(e.tree);
    writeFileSync(file, JSON.stringify({ ...e, sizes: Object.fromEntries([...s].map(([id, b]) => [id, [b.w, b.h]])) }));
    return file;
  });
}

/** Plug-in paths from `--plugin <path>` (repeatable) and BENCH_LAYOUT_PLUGINS (comma-separated). */
export function pluginArgs(argv: string[], env = process.env.BENCH_LAYOUT_PLUGINS): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--plugin' && argv[i + 1]) out.push(argv[i + 1]);
    else if (a.startsWith('--plugin=')) out.push(a.slice('--plugin='.length));
  });
  return [
    ...out,
    ...(env ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}
