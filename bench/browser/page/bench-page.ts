import { MindmapCanvas } from '../../../src/mindmap/canvas/mindmap-canvas';
import type { LabelMode } from '../../../src/mindmap/canvas/label-factory';
import { GlyphMeasurer } from '../../../src/mindmap/canvas/text-measure';
import { fallbackBackend, workerBackend, type BenchBackend } from './backends';
import type { BenchTree } from './bench-doc';
import type { EditorController } from '../../../src/mindmap/editor/controller';
import { FindState } from '../../../src/mindmap/editor/find-state';
import { emptyEditorOps, type EditorOps } from './editor-ops';

// Standalone editor canvas for outside harnesses (issue 6): globals load / addChild / panBy /
// exportText, measured the same way other mind-map libraries are. `?layout=fallback` swaps
// the engine for the canvas's own layout, `?labels=bitmap` and `?renderer=webgl|canvas`
// switch rendering strategies for comparison.
// By default the map opens through the engine worker (src/worker/client.ts), exactly as the
// editor screens do, so the numbers include Comlink messaging and patch transfer.

interface PanResult {
  intervals: number[];
  work: number[];
  stats: MindmapCanvas['stats'];
}

declare global {
  interface Window {
    load(tree: BenchTree): Promise<void>;
    addChild(i: number): Promise<void>;
    panBy(dx: number, dy: number): void;
    exportText(): Promise<string>;
    __mindmap: {
      canvas: MindmapCanvas;
      backend: string;
      ready: Promise<void>;
      visibleParent(): number;
      panLoop(ms: number, zoom?: number): Promise<PanResult>;
      lastEdit(): object;
      lastOpen(): object;
      focus(i: number): void;
      editorOps(words: { many: string; deep: string }, repeats: number): Promise<EditorOps>;
    };
  }
}

const params = new URLSearchParams(location.search);
const canvas = new MindmapCanvas();
const glyphs = new GlyphMeasurer();
const backend: BenchBackend = params.get('layout') === 'fallback' ? fallbackBackend(glyphs) : workerBackend(canvas.store);
const ready = canvas.init(document.getElementById('map')!, { labels: (params.get('labels') as LabelMode) ?? 'text' });
let lastEdit = {};

window.load = async (tree) => {
  await ready;
  const t0 = performance.now();
  const { patch, rootId } = await backend.load(tree);
  const t1 = performance.now();
  canvas.setScene(patch);
  // kityminder opens with the root centred in the view.
  const r = canvas.store.boxOf(rootId)!;
  canvas.centerWorld(r.x + r.w / 2, r.y + r.h / 2);
  // BENCH_PROFILE=paint profiles this first frame alone (bench/browser/run.ts).
  if (params.get('prof')) console.profile('paint');
  canvas.paintNow();
  if (params.get('prof')) console.profileEnd('paint');
  lastOpen = { layout: t1 - t0, canvas: performance.now() - t1 };
};
let lastOpen = {};

window.addChild = async (i) => {
  const t0 = performance.now();
  const { patch, id } = await backend.addChild(`n${i}`);
  const t1 = performance.now();
  canvas.applyPatch(patch);
  canvas.reveal(id);
  const t2 = performance.now();
  canvas.paintNow();
  const t3 = performance.now();
  lastEdit = { layout: t1 - t0, apply: t2 - t1, paint: t3 - t2, added: patch.nodes?.length ?? 0, moved: patch.moves?.ids.length ?? 0 };
};

window.panBy = (dx, dy) => canvas.panBy(dx, dy);

window.exportText = async () => backend.exportText();

/** panBy once per animation frame for `ms`: a steady diagonal drag reversing every second. */
function panLoop(ms: number, zoom = 1): Promise<PanResult> {
  canvas.zoomTo(zoom, false);
  const intervals: number[] = [];
  const work: number[] = [];
  return new Promise((done) => {
    let last = performance.now();
    const start = last;
    let k = 0;
    const step = (t: number) => {
      if (k++ > 0) {
        intervals.push(t - last);
        work.push(canvas.lastFrameMs);
      }
      last = t;
      if (t - start > ms) return done({ intervals, work, stats: canvas.stats });
      const dir = Math.floor((t - start) / 1000) % 2 === 0 ? 1 : -1;
      window.panBy(-6 * dir, -9 * dir);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** Resolves after `ms` (idle re-index and GC room between two timed steps, as a person's pauses give). */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `work` from the call until its frame is on the canvas (paintNow, as addChild is timed). */
async function painted(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  canvas.paintNow();
  return performance.now() - t0;
}

/**
 * Find, collapse-all / expand-all and export through the editor's own controller (the paths the
 * find bar, Alt+1 / Alt+` and the export menu take), each step `repeats` times.
 * - find: a fresh FindState (the bar opened anew) searching `words.many` (a word in one topic of
 *   fifteen) and `words.deep` (one deep leaf), from the call to the first match selected, centred
 *   and painted; the camera starts back on the root each time.
 * - collapse-all = expandToLevel 1 (Alt+1, 展开到一级节点), expand-all = expandToLevel 9999
 *   (Alt+\`, 展开全部节点); between them `words.deep` is found inside a folded branch (its
 *   ancestors open: find's one expand command).
 * - rename: a topic halfway down the outline renamed as the edit field commits it, to the frame
 *   painted (the smallest edit: what it costs on the main thread should not grow with the map).
 * - export: .km (exportData), outline text and .xmind (exportFile) as the export menu calls them,
 *   to the Blob ready; bytes are the Blob's size.
 */
async function editorOps(words: { many: string; deep: string }, repeats: number): Promise<EditorOps> {
  if (!backend.openEditor) throw new Error('editorOps needs the worker backend');
  const t0 = performance.now();
  const ctl: EditorController = await backend.openEditor(canvas);
  canvas.paintNow();
  const out = emptyEditorOps(performance.now() - t0);
  // Where the time goes: the worker round trips (engine work, messaging and transfer) summed per
  // step; the rest of a step is the main thread (the mirror, the canvas's patch and paint).
  const engine = ctl.engine as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  let inWorker = 0;
  for (const name of ['execute', 'find', 'exportData', 'exportFile']) {
    const call = engine[name].bind(ctl.engine);
    engine[name] = async (...a) => {
      const s = performance.now();
      try {
        return await call(...a);
      } finally {
        inWorker += performance.now() - s;
      }
    };
  }
  const split = async (step: keyof EditorOps['worker'], ms: Promise<number>) => {
    inWorker = 0;
    const t = await ms;
    (out.worker[step] ??= []).push(inWorker);
    return t;
  };
  const rootId = ctl.model.rootId;
  const home = async () => {
    ctl.camera.highlight([]);
    ctl.select([], false);
    const r = canvas.store.boxOf(rootId)!;
    canvas.centerWorld(r.x + r.w / 2, r.y + r.h / 2);
    canvas.paintNow();
    await pause(150);
  };
  const find = async (word: string, step: keyof EditorOps['worker']): Promise<{ ms: number; matches: number }> => {
    const bar = new FindState(ctl);
    const ms = await split(
      step,
      painted(() => bar.search(word)),
    );
    const first = bar.view.matches[0];
    if (!first || ctl.state.selection.at(-1) !== first) throw new Error(`find "${word}": first match not selected`);
    bar.close();
    return { ms, matches: bar.view.matches.length };
  };
  for (let k = 0; k < repeats; k++) {
    await home();
    const many = await find(words.many, 'findMany');
    out.findMany.push(many.ms);
    out.findManyMatches = many.matches;
    await home();
    out.findOne.push((await find(words.deep, 'findOne')).ms);
    await home();
    out.collapseAll.push(
      await split(
        'collapseAll',
        painted(() => ctl.run('expandToLevel', [1])),
      ),
    );
    await pause(150);
    out.findFolded.push((await find(words.deep, 'findFolded')).ms);
    await home();
    out.expandAll.push(
      await split(
        'expandAll',
        painted(() => ctl.run('expandToLevel', [9999])),
      ),
    );
    // a topic halfway down the outline, renamed as the text field commits it (its own undo step)
    await pause(150);
    const rows = ctl.model.rows().ids;
    const id = rows[Math.floor(rows.length / 2)]!;
    const text = `${ctl.model.get(id)!.text}改${k}`;
    out.rename.push(
      await split(
        'rename',
        painted(() => ctl.textEdit.editText(id, text)),
      ),
    );
    if (ctl.model.get(id)!.text !== text) throw new Error('rename: the title did not change');
  }
  const blobs: Record<string, () => Promise<Blob>> = {
    km: async () => new Blob([await ctl.io.exportData('km')], { type: 'application/json;charset=utf-8' }),
    txt: async () => {
      const { data } = await ctl.io.exportFile('txt', { images: {} });
      return new Blob([data as BlobPart], { type: 'text/plain;charset=utf-8' });
    },
    xmind: async () => {
      const { data } = await ctl.io.exportFile('xmind', { images: {} });
      return new Blob([data as BlobPart], { type: 'application/vnd.xmind.workbook' });
    },
  };
  for (const [format, make] of Object.entries(blobs)) {
    const times: number[] = [];
    let bytes = 0;
    for (let k = 0; k < repeats; k++) {
      await pause(150);
      const s = performance.now();
      const blob = await make();
      times.push(performance.now() - s);
      bytes = blob.size;
    }
    out.exports[format] = { ms: times, bytes };
  }
  return out;
}

window.__mindmap = {
  canvas,
  backend: backend.name,
  ready,
  /** Number i of a visible node above the depth limit, so addChild(i) lands on screen. */
  visibleParent() {
    const c = canvas.camera;
    const rect = { x: -c.tx / c.zoom, y: -c.ty / c.zoom, w: canvas.width / c.zoom, h: canvas.height / c.zoom };
    const recs = canvas.store.records;
    const pick = canvas.store
      .queryNodes(rect, [])
      .map((s) => recs[s])
      .find((n) => n && /^n\d+$/.test(n.id) && n.level > 1 && backend.levelOf(n.id) < 4);
    return Number((pick?.id ?? 'n0').slice(1));
  },
  panLoop,
  editorOps,
  lastEdit: () => lastEdit,
  lastOpen: () => lastOpen,
  /** Centre the view on node `n<i>` (the bench pans and edits where the map is dense). */
  focus(i: number) {
    const n = canvas.store.boxOf(`n${i}`);
    if (n) canvas.centerWorld(n.x + n.w / 2, n.y + n.h / 2);
    canvas.paintNow();
  },
};
