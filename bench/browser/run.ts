import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { configLabel, configsFromEnv, glRenderer, isSoftwareGl, launchFor, throttle, type BenchConfig } from '../configs';
import { medianRow } from '../stats';
import { BENCH_DIST, buildBenchPage } from './build-page';
import { serveStatic } from './static-server';
import { findWords, generateTree } from './tree-gen';
import { EDITOR_OPS_COLUMNS, editorOpsColumns, type EditorOps, type EditorOpsColumns } from './page/editor-ops';

// Browser benchmark of the mind-map canvas (DESIGN §6): opens the bench page (bench/browser/page) in headless Chromium
// on generated maps and measures open → first full frame, one edit → painted frame, pan frame
// times over ~2 s of panBy per animation frame, and JS heap. Kept short: the machine is shared.
// Each size runs BENCH_REPEAT (default 3) times in a fresh context; rows hold medians and [min, max].
// Then, on the worker backend, the map opens again through the editor's own controller and find,
// collapse-all / expand-all and export are timed through it (page/bench-page.ts editorOps; each the
// median of BENCH_OPS_REPEAT, default 3, in the page), with the heap after (heapEditorMB: the
// controller's mirror of the map on top). BENCH_EDITOR_OPS=0 leaves them out.

const ROOT = resolve(import.meta.dirname, '../..');
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,20000,50000').split(',').map(Number);
const PAN_MS = 2000;

export interface BrowserRow extends Partial<EditorOpsColumns> {
  nodes: number;
  renderer: string;
  layout: string;
  labels: string;
  openMs: number;
  editMs: number;
  editMaxMs: number;
  panP50: number;
  panP95: number;
  panWorkP95: number;
  heapMB: number;
  drawnNodes: number;
  pan25P95: number;
  pan25WorkP95: number;
  drawn25: number;
  idleFrames: number;
  /** Heap after the editor ops (the controller's map mirror held as well as the bench's own). */
  heapEditorMB?: number;
  gpu?: string;
  cpuThrottle?: number;
  glRenderer?: string;
  runs?: number;
  openMsRange?: [number, number];
  editMsRange?: [number, number];
  heapMBRange?: [number, number];
  panP95Range?: [number, number];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function measure(page: Page, nodes: number, labels: string): Promise<BrowserRow> {
  const tree = generateTree(nodes);
  await page.evaluate((t) => ((window as unknown as { __tree: unknown }).__tree = t), tree);
  const openProf = process.env.BENCH_PROFILE === 'open' ? await startProfile(page) : null;
  if (process.env.BENCH_PROFILE === 'paint')
    (await profiler(page, 50)).on('Profiler.consoleProfileFinished', (e) => printProfile(e.profile as unknown as Prof));
  const openMs = await page.evaluate(async () => {
    const w = window as unknown as { __tree: never; __mindmap: { ready: Promise<void> }; load(t: never): Promise<void> };
    await w.__mindmap.ready;
    const t0 = performance.now();
    await w.load(w.__tree);
    return performance.now() - t0;
  });
  if (openProf) await openProf();
  await page.waitForTimeout(300);
  // Work where the map is dense (level-3 leaves), not in the sparse fan around the root.
  await page.evaluate((i) => (window as unknown as { __mindmap: { focus(i: number): void } }).__mindmap.focus(i), Math.floor(nodes * 0.6));
  const prof = process.env.BENCH_PROFILE === 'edit' ? await startProfile(page) : null;
  // Five edits, each on a visible node, 200 ms apart (idle re-index in between, as in use);
  // the median is reported, the worst alongside.
  const edits: number[] = [];
  for (let k = 0; k < 5; k++) {
    edits.push(
      await page.evaluate(async () => {
        const w = window as unknown as { __mindmap: { visibleParent(): number }; addChild(i: number): Promise<void> };
        const i = w.__mindmap.visibleParent();
        const t0 = performance.now();
        await w.addChild(i);
        return performance.now() - t0;
      }),
    );
    if (process.env.BENCH_DEBUG)
      console.log(
        'edit',
        edits.at(-1)!.toFixed(1),
        JSON.stringify(await page.evaluate(() => (window as unknown as { __mindmap: { lastEdit(): object } }).__mindmap.lastEdit())),
      );
    await page.waitForTimeout(200);
  }
  const editMs = pct(edits, 50);
  const editMax = Math.max(...edits);
  if (prof) await prof();
  if (process.env.BENCH_DEBUG)
    console.log(
      nodes,
      edits.map((e) => e.toFixed(1)).join(' '),
      await page.evaluate(() => {
        const m = (window as unknown as { __mindmap: { lastEdit(): object; lastOpen(): object } }).__mindmap;
        return { open: m.lastOpen(), edit: m.lastEdit() };
      }),
    );
  // The pan loop lives in the page (page/bench-page.ts): tsx-compiled closures carry helpers
  // that do not exist in the browser.
  type PanOut = { intervals: number[]; work: number[]; stats: { nodes: number; renderer: string } };
  const panAt = (zoom: number) =>
    page.evaluate(([ms, z]) => (window as unknown as { __mindmap: { panLoop(ms: number, z: number): Promise<PanOut> } }).__mindmap.panLoop(ms, z), [
      PAN_MS,
      zoom,
    ] as const);
  const pan = await panAt(1);
  // At 25 % the LOD path runs (no glyphs) and ~10× more boxes are in view.
  const far = await panAt(0.25);
  // On-demand painting: an idle second after the pans must paint nothing.
  const framesAt = () => page.evaluate(() => (window as unknown as { __mindmap: { canvas: { framesPainted: number } } }).__mindmap.canvas.framesPainted);
  const before = await framesAt();
  await page.waitForTimeout(1000);
  const idleFrames = (await framesAt()) - before;
  const cdp = await page.context().newCDPSession(page);
  const heapMB = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return Math.round((heap.usedSize / 1048576) * 10) / 10;
  };
  const heap = await heapMB();
  const layout = await page.evaluate(() => (window as unknown as { __mindmap: { backend: string } }).__mindmap.backend);
  let ops: (EditorOpsColumns & { heapEditorMB: number }) | object = {};
  if (layout === 'worker' && process.env.BENCH_EDITOR_OPS !== '0') {
    const opsProf = process.env.BENCH_PROFILE === 'ops' ? await startProfile(page) : null;
    const raw = await page.evaluate(
      ([words, repeats]) =>
        (window as unknown as { __mindmap: { editorOps(w: { many: string; deep: string }, r: number): Promise<EditorOps> } }).__mindmap.editorOps(
          words,
          repeats,
        ),
      [findWords(nodes), Math.max(1, Number(process.env.BENCH_OPS_REPEAT ?? 3))] as const,
    );
    if (opsProf) await opsProf();
    if (process.env.BENCH_DEBUG) console.log('ops', nodes, JSON.stringify(raw));
    ops = { ...editorOpsColumns(raw), heapEditorMB: await heapMB() };
  }
  return {
    nodes,
    renderer: pan.stats.renderer,
    layout,
    labels,
    openMs: Math.round(openMs),
    editMs: Math.round(editMs * 10) / 10,
    editMaxMs: Math.round(editMax * 10) / 10,
    panP50: Math.round(pct(pan.intervals, 50) * 10) / 10,
    panP95: Math.round(pct(pan.intervals, 95) * 10) / 10,
    panWorkP95: Math.round(pct(pan.work, 95) * 10) / 10,
    heapMB: heap,
    drawnNodes: pan.stats.nodes,
    pan25P95: Math.round(pct(far.intervals, 95) * 10) / 10,
    pan25WorkP95: Math.round(pct(far.work, 95) * 10) / 10,
    drawn25: far.stats.nodes,
    idleFrames,
    ...ops,
  };
}

/** BENCH_PROFILE=open|edit|ops (paint: the first frame only): CPU profile of that step, top self times printed (diagnosis only). */
async function startProfile(page: Page): Promise<() => Promise<void>> {
  const cdp = await profiler(page, 100);
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Prof };
    printProfile(profile);
  };
}
async function profiler(page: Page, intervalUs: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  return cdp;
}

type Prof = {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};
function printProfile(profile: Prof): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frameKey = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  };
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const k = frameKey(id);
    self.set(k, (self.get(k) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  console.log(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${v.toFixed(1)}ms ${k}`)
      .join('\n'),
  );
  // Inclusive times (a function counted once per sample however deep it recurses).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = frameKey(n);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + profile.timeDeltas[i] / 1000);
    }
  });
  console.log('-- inclusive');
  console.log(
    [...incl]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `${v.toFixed(1)}ms ${k}`)
      .join('\n'),
  );
}

export async function runBrowserBench(): Promise<BrowserRow[]> {
  buildBenchPage();
  skipped.clear();
  const server = await serveStatic(BENCH_DIST);
  const rows: BrowserRow[] = [];
  const labelModes = (process.env.BENCH_LABELS ?? 'text').split(',');
  const repeats = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
  try {
    for (const config of configsFromEnv()) {
      const { browser } = await launchFor(config);
      try {
        for (const labels of labelModes) {
          for (const n of SIZES) {
            const runs: BrowserRow[] = [];
            for (let k = 0; k < repeats; k++) {
              const row = await measureOnce(browser, server.url, config, n, labels);
              if (!row) break; // no hardware GPU here: the config is absent, not slow
              runs.push(row);
            }
            if (runs.length) rows.push(medianRow(runs, ['openMs', 'editMs', 'heapMB', 'panP95', ...OPS_SPREAD]) as BrowserRow);
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
  for (const s of skipped) console.log(`[bench] skipped ${s}`);
  // Two tables, so each fits a terminal: the canvas figures, then the editor ops of the same rows.
  const opsKeys = new Set<string>([...EDITOR_OPS_COLUMNS, 'heapEditorMB']);
  const pick = (r: BrowserRow, ops: boolean) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => !k.endsWith('Range') && (k === 'nodes' || opsKeys.has(k) === ops)));
  console.table(rows.map((r) => pick(r, false)));
  if (rows.some((r) => r.findManyMs !== undefined)) console.table(rows.map((r) => pick(r, true)));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/browser.json'),
    JSON.stringify(
      { when: new Date().toISOString(), budgets: { open20k: 400, open50k: 1000, edit50k: 20, pan50kP95: 20 }, skipped: [...skipped], rows },
      null,
      2,
    ),
  );
  return rows;
}

const skipped = new Set<string>();

/** The editor-op columns whose [min, max] over the runs the report draws. */
const OPS_SPREAD = [
  'findManyMs',
  'findOneMs',
  'findFoldedMs',
  'collapseAllMs',
  'expandAllMs',
  'renameMs',
  'exportKmMs',
  'exportTxtMs',
  'exportXmindMs',
] as const;

/** One measurement in a fresh context (no shared caches or heap between measurements); null when the config cannot hold here. */
async function measureOnce(browser: Browser, url: string, config: BenchConfig, n: number, labels: string): Promise<BrowserRow | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const extra =
      (process.env.BENCH_PROFILE === 'paint' ? '&prof=1' : '') +
      (process.env.BENCH_RENDERER ? `&renderer=${process.env.BENCH_RENDERER}` : '') +
      (process.env.BENCH_LAYOUT ? `&layout=${process.env.BENCH_LAYOUT}` : '');
    await page.goto(`${url}/bench.html?labels=${labels}${extra}`);
    const gl = await glRenderer(page);
    if (config.gpu === 'hardware' && isSoftwareGl(gl)) {
      skipped.add(`${configLabel(config)}: no hardware GPU (WebGL renderer: ${gl})`);
      return null;
    }
    await throttle(page, config);
    await page.waitForFunction(() => 'load' in window && '__mindmap' in window);
    const row = { ...(await measure(page, n, labels)), gpu: config.gpu, cpuThrottle: config.cpuThrottle, glRenderer: gl };
    if (errors.length) throw new Error(`page errors at ${n}: ${errors.join('; ')}`);
    return row;
  } finally {
    await context.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBrowserBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
