import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { serveStatic } from './static-server';
import { generateTree } from './tree-gen';

// Browser benchmark of the mind-map canvas (DESIGN §6): opens bench.html in headless Chromium
// on generated maps and measures open → first full frame, one edit → painted frame, pan frame
// times over ~2 s of panBy per animation frame, and JS heap. Kept short: the machine is shared.

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist/client');
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,20000,50000').split(',').map(Number);
const PAN_MS = 2000;

export interface BrowserRow {
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
}

function newestMtime(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

function buildIfNeeded(): void {
  const page = join(DIST, 'bench.html');
  const src = Math.max(newestMtime(join(ROOT, 'src/features/mindmap')), statSync(join(ROOT, 'bench.html')).mtimeMs);
  if (existsSync(page) && statSync(page).mtimeMs > src && !process.env.BENCH_REBUILD) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function measure(page: Page, nodes: number, labels: string): Promise<BrowserRow> {
  const tree = generateTree(nodes);
  await page.evaluate((t) => ((window as unknown as { __tree: unknown }).__tree = t), tree);
  const openProf = process.env.BENCH_PROFILE === 'open' ? await startProfile(page) : null;
  if (process.env.BENCH_PROFILE === 'paint') (await profiler(page, 50)).on('Profiler.consoleProfileFinished', (e) => printProfile(e.profile as unknown as Prof));
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
    if (process.env.BENCH_DEBUG) console.log('edit', edits.at(-1)!.toFixed(1), JSON.stringify(await page.evaluate(() => (window as unknown as { __mindmap: { lastEdit(): object } }).__mindmap.lastEdit())));
    await page.waitForTimeout(200);
  }
  const editMs = pct(edits, 50);
  const editMax = Math.max(...edits);
  if (prof) await prof();
  if (process.env.BENCH_DEBUG) console.log(nodes, edits.map((e) => e.toFixed(1)).join(' '), await page.evaluate(() => { const m = (window as unknown as { __mindmap: { lastEdit(): object; lastOpen(): object } }).__mindmap; return { open: m.lastOpen(), edit: m.lastEdit() }; }));
  // The pan loop lives in the page (bench-page.ts): tsx-compiled closures carry helpers
  // that do not exist in the browser.
  type PanOut = { intervals: number[]; work: number[]; stats: { nodes: number; renderer: string } };
  const panAt = (zoom: number) =>
    page.evaluate(([ms, z]) => (window as unknown as { __mindmap: { panLoop(ms: number, z: number): Promise<PanOut> } }).__mindmap.panLoop(ms, z), [PAN_MS, zoom] as const);
  const pan = await panAt(1);
  // At 25 % the LOD path runs (no glyphs) and ~10× more boxes are in view.
  const far = await panAt(0.25);
  // On-demand painting: an idle second after the pans must paint nothing.
  const framesAt = () => page.evaluate(() => (window as unknown as { __mindmap: { canvas: { framesPainted: number } } }).__mindmap.canvas.framesPainted);
  const before = await framesAt();
  await page.waitForTimeout(1000);
  const idleFrames = (await framesAt()) - before;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return {
    nodes,
    renderer: pan.stats.renderer,
    layout: await page.evaluate(() => (window as unknown as { __mindmap: { backend: string } }).__mindmap.backend),
    labels,
    openMs: Math.round(openMs),
    editMs: Math.round(editMs * 10) / 10,
    editMaxMs: Math.round(editMax * 10) / 10,
    panP50: Math.round(pct(pan.intervals, 50) * 10) / 10,
    panP95: Math.round(pct(pan.intervals, 95) * 10) / 10,
    panWorkP95: Math.round(pct(pan.work, 95) * 10) / 10,
    heapMB: Math.round((heap.usedSize / 1048576) * 10) / 10,
    drawnNodes: pan.stats.nodes,
    pan25P95: Math.round(pct(far.intervals, 95) * 10) / 10,
    pan25WorkP95: Math.round(pct(far.work, 95) * 10) / 10,
    drawn25: far.stats.nodes,
    idleFrames,
  };
}

/** BENCH_PROFILE=open|edit (paint: the first frame only): CPU profile of that step, top self times printed (diagnosis only). */
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

type Prof = { nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
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
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
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
  console.log([...incl].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
}

export async function runBrowserBench(): Promise<BrowserRow[]> {
  buildIfNeeded();
  const server = await serveStatic(DIST);
  const browser = await launchBrowser();
  const rows: BrowserRow[] = [];
  const labelModes = (process.env.BENCH_LABELS ?? 'text').split(',');
  try {
    for (const labels of labelModes) {
      for (const n of SIZES) {
        // A fresh context per size: no shared caches or heap between measurements.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const extra = (process.env.BENCH_PROFILE === 'paint' ? '&prof=1' : '') + (process.env.BENCH_RENDERER ? `&renderer=${process.env.BENCH_RENDERER}` : '') + (process.env.BENCH_LAYOUT ? `&layout=${process.env.BENCH_LAYOUT}` : '');
        await page.goto(`${server.url}/bench.html?labels=${labels}${extra}`);
        await page.waitForFunction(() => 'load' in window && '__mindmap' in window);
        rows.push(await measure(page, n, labels));
        if (errors.length) throw new Error(`page errors at ${n}: ${errors.join('; ')}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.table(rows);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/browser.json'), JSON.stringify({ when: new Date().toISOString(), budgets: { open20k: 400, open50k: 1000, edit50k: 20, pan50kP95: 20 }, rows }, null, 2));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBrowserBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
