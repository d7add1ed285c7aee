import { encodeText } from '../../../src/mindmap/engine/protocols/text';
import type { KmDocument } from '../../../src/mindmap/engine/model/types';
import { startEngineWorker } from '../../../src/mindmap/worker/client';
import { EnginePatchAdapter } from '../../../src/mindmap/canvas/engine-adapter';
import { FallbackLayout } from './fallback-layout';
import type { SceneStore } from '../../../src/mindmap/canvas/scene-store';
import type { ScenePatch } from '../../../src/mindmap/canvas/scene-types';
import type { GlyphMeasurer } from '../../../src/mindmap/canvas/text-measure';
import { BenchDoc, type BenchTree } from './bench-doc';
import { EditorController } from '../../../src/mindmap/editor/controller';
import type { MindmapCanvas } from '../../../src/mindmap/canvas/mindmap-canvas';

// What produces scene patches for the bench page. 'worker' is the real architecture: the
// engine in its Comlink worker, patches transferred back (what the editor screens use);
// 'fallback' is the canvas's own right-layout on the main thread, kept for comparison.

type Awaitable<T> = T | Promise<T>;

export interface BenchBackend {
  readonly name: string;
  load(tree: BenchTree): Awaitable<{ patch: ScenePatch; rootId: string }>;
  addChild(parentId: string): Awaitable<{ patch: ScenePatch; id: string }>;
  levelOf(id: string): number;
  exportText(): Awaitable<string>;
  /**
   * The editor screens' own controller (src/mindmap/editor/controller.ts) on the same worker and
   * canvas, the map opened again through it (its main-thread mirror included): find, collapse-all
   * and export are measured through it. Worker backend only.
   */
  openEditor?(canvas: MindmapCanvas): Promise<EditorController>;
}

function toKm(doc: BenchDoc): KmDocument {
  return doc.toKm();
}

export function workerBackend(store: SceneStore): BenchBackend {
  const engine = startEngineWorker();
  const adapter = new EnginePatchAdapter(store);
  const doc = new BenchDoc();
  return {
    name: 'worker',
    async load(tree) {
      doc.load(tree);
      const km = toKm(doc);
      const patch = adapter.convert(await engine.load(km)).patch;
      return { patch, rootId: String(km.root.data.id) };
    },
    async addChild(parentId) {
      const { result, patch } = await engine.execute('appendChild', [parentId, '分支主题']);
      const id = String(result);
      doc.addChildWithId(parentId, id);
      return { patch: adapter.convert(patch).patch, id };
    },
    levelOf: (id) => doc.levelOf(id),
    exportText: () => engine.exportData('txt'),
    async openEditor(canvas) {
      const ctl = new EditorController(engine);
      ctl.attach(canvas);
      await ctl.open(toKm(doc), false);
      return ctl;
    },
  };
}

export function fallbackBackend(glyphs: GlyphMeasurer): BenchBackend {
  const layout = new FallbackLayout(glyphs);
  const doc = new BenchDoc();
  return {
    name: 'fallback',
    load(tree) {
      const root = doc.load(tree);
      return { patch: layout.run(root), rootId: String(root.data.id) };
    },
    addChild(parentId) {
      const id = doc.addChild(parentId);
      return { patch: layout.childrenChanged(doc.nodeOf(parentId)!), id };
    },
    levelOf: (id) => doc.levelOf(id),
    exportText: () => encodeText(doc.root),
  };
}
