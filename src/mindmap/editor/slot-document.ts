import type { RenderPatch } from '../engine/render/render-patch';
import { EnginePatchAdapter } from '../canvas/engine-adapter';
import { SceneStore } from '../canvas/scene-store';
import type { ScenePatch } from '../canvas/scene-types';
import { MapModel } from './map-model';

// The main thread's one slot-indexed copy of the visible document (canvas/scene-store.ts) and the
// tree model that reads it (map-model.ts), fed by the worker's patches: the document view's core
// (document-view.ts), and what tests drive with an engine's patches directly.

export class SlotDocument {
  /** The visible document by slot: boxes, records, the engine's ints, parents and ordered children. */
  readonly store = new SceneStore();
  /** The tree as the ARIA tree, navigation and menus read it (over `store`). */
  readonly model = new MapModel(this.store);
  private readonly adapter = new EnginePatchAdapter(this.store);

  /** A patch into the store, then the model's listeners told; answers the scene patch taken (the canvas is told of it). */
  take(p: RenderPatch): ScenePatch {
    // (converted against the store as it was: moves are told from resizes by the boxes before)
    const { patch } = this.adapter.convert(p);
    if (p.full) this.store.replace(patch);
    else this.store.apply(patch);
    this.model.apply(p);
    return patch;
  }
}
