import type { Page } from 'playwright-core';
import type { GenTree } from '../browser/tree-gen';

// The one open / edit / pan measurement every editor gets, Xuetu's own page included. Each page
// exposes window.__peer (adapters/*.ts; Xuetu through its bench globals, XUETU_ADAPTER) and this
// harness times it the same way: open = load() until the next painted frame; edit = one child
// added to a visible node until painted, the median of three; pan = panBy per animation frame for
// PAN_MS, p95 of the frame intervals. Plain JS strings: tsx-compiled closures would carry helpers
// that do not exist in the page.

export interface PeerAdapter {
  name: string;
  version: string;
  renderer: string;
  options: string;
  load(tree: GenTree): Promise<void> | void;
  addChild(): Promise<void> | void;
  panBy(dx: number, dy: number): void;
}

export interface PeerMeasure {
  openMs: number;
  editMs: number;
  panP95: number;
}

const PAN_MS = 1500;

const FRAME = 'const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));';

export const OPEN_JS = `async (tree) => { ${FRAME}
  const t0 = performance.now(); await window.__peer.load(tree); await frame(); return performance.now() - t0; }`;

export const EDIT_JS = `async () => { ${FRAME}
  const xs = [];
  for (let k = 0; k < 3; k++) { const t0 = performance.now(); await window.__peer.addChild(); await frame(); xs.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 150)); }
  xs.sort((a, b) => a - b); return xs[1]; }`;

export const PAN_JS = `(ms) => new Promise((done) => { const gaps = []; let t0 = 0; let last = 0;
  const step = (t) => { gaps.push(t - last); last = t;
    if (t - t0 >= ms) { gaps.sort((a, b) => a - b); done(gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * 0.95))]); return; }
    const dir = Math.floor((t - t0) / 750) % 2 ? -1 : 1; window.__peer.panBy(6 * dir, 9 * dir); requestAnimationFrame(step); };
  requestAnimationFrame((t) => { t0 = last = t; window.__peer.panBy(6, 9); requestAnimationFrame(step); }); })`;

/** Xuetu's bench page (bench/browser/page) seen through the same adapter interface. */
export const XUETU_ADAPTER = `window.__peer = { name: 'xuetu', version: 'this commit',
  get renderer() { return 'PixiJS ' + (window.__mindmap.canvas.rendererKind || 'auto') + ' (canvas 2D on software GL, WebGL on a GPU)'; },
  options: 'bench page defaults, text labels; edit = addChild on a visible node',
  load: async (t) => { await window.__mindmap.ready; await window.load(t); },
  addChild: () => window.addChild(window.__mindmap.visibleParent()),
  panBy: (dx, dy) => window.panBy(dx, dy) };`;

const call = <T>(page: Page, fn: string, arg?: unknown): Promise<T> => page.evaluate(([f, a]) => (0, eval)(f as string)(a), [fn, arg] as const) as Promise<T>;

/** `phase` hears which measurement starts, so a timeout can say which one never finished. */
export async function measurePeer(page: Page, tree: GenTree, phase: (p: 'open' | 'edit' | 'pan p95 frame') => void = () => {}): Promise<PeerMeasure> {
  phase('open');
  const openMs = await call<number>(page, OPEN_JS, tree);
  await page.waitForTimeout(300);
  phase('edit');
  const editMs = await call<number>(page, EDIT_JS);
  phase('pan p95 frame');
  const panP95 = await call<number>(page, PAN_JS, PAN_MS);
  return { openMs, editMs, panP95 };
}

export async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return heap.usedSize / 1048576;
}
