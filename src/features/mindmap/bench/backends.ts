import { MindEditor } from '../../../engine/editor';
import { createMeasurer, fontSizeOf } from '../../../engine/measure/text-measurer';
import { encodeText } from '../../../engine/protocols/text';
import type { KmDocument } from '../../../engine/model/types';
import { EnginePatchAdapter } from '../canvas/engine-adapter';
import { FallbackLayout } from '../canvas/fallback-layout';
import type { SceneStore } from '../canvas/scene-store';
import type { ScenePatch } from '../canvas/scene-types';
import { type GlyphMeasurer } from '../canvas/text-measure';
import { BenchDoc, type BenchTree } from './bench-doc';

// What produces scene patches for the bench page. 'engine' is the real engine facade
// (MindEditor) called on the main thread — the editor will call it through the worker;
// 'fallback' is the canvas's own right-layout, kept to compare and for engine outages.

export interface BenchBackend {
  readonly name: string;
  load(tree: BenchTree): { patch: ScenePatch; rootId: string };
  addChild(parentId: string): { patch: ScenePatch; id: string };
  levelOf(id: string): number;
  exportText(): string;
}

function toKm(doc: BenchDoc): KmDocument {
  return doc.toKm();
}

export function engineBackend(store: SceneStore, glyphs: GlyphMeasurer): BenchBackend {
  const editor = new MindEditor({ measurer: createMeasurer((font, text) => glyphs.width(text, fontSizeOf(font), /\bbold\b/.test(font), /\bitalic\b/.test(font))) });
  const adapter = new EnginePatchAdapter(store);
  const doc = new BenchDoc();
  return {
    name: 'engine',
    load(tree) {
      doc.load(tree);
      const km = toKm(doc);
      const patch = adapter.convert(editor.load(km)).patch;
      return { patch, rootId: String(km.root.data.id) };
    },
    addChild(parentId) {
      const { result, patch } = editor.execute('appendChild', [parentId, '分支主题']);
      const id = String(result);
      doc.addChildWithId(parentId, id);
      return { patch: adapter.convert(patch).patch, id };
    },
    levelOf: (id) => doc.levelOf(id),
    exportText: () => editor.exportData('txt'),
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
