// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { EditorController } from '../editor/controller';
import type { CanvasView } from '../editor/editor-state';
import { lodFor, showsLabel } from './lod';
import { BADGE_FONT_SIZE } from './progress-ring';
import { SceneStore } from './scene-store';

// The data path of the canvas's progress rings (issue 22 item 2): the engine's progress patches
// reach the scene store's per-slot counts through the controller, beside the render patches.

const km = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      {
        data: { id: 'a', text: '甲' },
        children: [{ data: { id: 'a1', text: '甲一' }, children: [{ data: { id: 'a11', text: '甲一一' } }] }, { data: { id: 'a2', text: '甲二', isStudy: 1 } }],
      },
      { data: { id: 'b', text: '乙' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

/** The controller's view of a canvas: a real scene store, counting repaints asked for by progress. */
function sceneOnly() {
  // the controller's document view hands the canvas its store (useStore)
  let store = new SceneStore();
  const seen = { repaints: 0 };
  const canvas = {
    get store() {
      return store;
    },
    useStore: (s: SceneStore) => void (store = s),
    sceneReplaced: () => {},
    sceneChanged: () => {},
    applyProgress: (p) => {
      if (store.applyProgress(p)) seen.repaints++;
    },
    setReviewDue: (ids) => void store.setReviewDue(ids),
    setSelection: () => {},
    setHighlights: () => {},
    reveal: () => false,
    zoomTo: () => {},
    zoomStep: () => {},
    centerWorld: () => {},
    frameMap: () => {},
    camera: { tx: 0, ty: 0, zoom: 1 },
    width: 800,
    height: 600,
  } as Partial<CanvasView> as CanvasView;
  return {
    get store() {
      return store;
    },
    canvas,
    seen,
  };
}

async function opened() {
  const ctl = new EditorController(localEngine(createEngineHost()));
  const scene = sceneOnly();
  ctl.attach(scene.canvas);
  await ctl.open(km, false);
  await ctl.doc.setStudyNodes(['a11', 'a2']);
  const ring = (id: string) => {
    const s = scene.store.slotOf.get(id)!;
    const p = scene.store.progress;
    return scene.store.hasProgressBadge(s) ? `${p.learnt(s)}/${p.total(s)} ${p.text(s, id === 'r')}` : null;
  };
  return { ctl, ...scene, ring };
}

describe('progress rings on the canvas: data path', () => {
  it('the study set gives every branch with study nodes its counts; leaves and empty branches get none', async () => {
    const { ring } = await opened();
    expect(ring('r')).toBe('1/2 50%');
    expect(ring('a')).toBe('1/2 1/2');
    expect(ring('a1')).toBe('0/1 0/1');
    // a study leaf keeps its ✓ (as the SVG export), a branch without study nodes has no ring
    expect(ring('a11')).toBeNull();
    expect(ring('a2')).toBeNull();
    expect(ring('b')).toBeNull();
  });

  it('a toggle updates the whole ancestor chain through a progress patch (the render patch restyles only the node) and asks for a repaint', async () => {
    const { ctl, ring, seen } = await opened();
    const before = seen.repaints;
    await ctl.run('setStudy', ['a11', true]);
    await vi.waitFor(() => expect(ring('a1')).toBe('1/1 1/1'));
    expect(ring('a')).toBe('2/2 2/2');
    expect(ring('r')).toBe('2/2 100%');
    expect(seen.repaints).toBeGreaterThan(before);
    await ctl.run('setStudy', ['a2', false]);
    await vi.waitFor(() => expect(ring('a')).toBe('1/2 1/2'));
    expect(ring('r')).toBe('1/2 50%');
    expect(ring('a1')).toBe('1/1 1/1');
  });

  it('nodes that come back (undo of a removal) get their rings on new slots; a removed branch leaves none behind', async () => {
    const { ctl, ring, store } = await opened();
    await ctl.run('removeNode', [['a1']]);
    await vi.waitFor(() => expect(ring('a')).toBe('1/1 1/1'));
    expect(store.slotOf.has('a1')).toBe(false);
    // a new node takes the freed slot: it starts without counts
    await ctl.run('appendChild', ['b', '乙一']);
    for (const [, s] of store.slotOf) if (!['r', 'a', 'a2'].includes(store.records[s]!.id)) expect(store.hasProgressBadge(s)).toBe(false);
    await ctl.undo();
    await ctl.undo();
    await vi.waitFor(() => expect(ring('a1')).toBe('0/1 0/1'));
    expect(ring('a')).toBe('1/2 1/2');
  });

  it('a new scene (a map opened again) starts from the counts known so far', async () => {
    const { ctl, ring, store } = await opened();
    await ctl.open(km, true);
    expect(store.slotOf.has('a')).toBe(true);
    await vi.waitFor(() => expect(ring('a')).toBe('1/2 1/2'));
  });

  it('level of detail: the "3/8" text while 10 px text is readable, the bare ring down to 25 %, nothing below', () => {
    expect(showsLabel(lodFor(1), BADGE_FONT_SIZE)).toBe(true);
    expect(showsLabel(lodFor(0.6), BADGE_FONT_SIZE)).toBe(true);
    expect(showsLabel(lodFor(0.5), BADGE_FONT_SIZE)).toBe(false);
    expect(lodFor(0.5).progressRings).toBe(true);
    expect(lodFor(0.25).progressRings).toBe(true);
    expect(lodFor(0.2).progressRings).toBe(false);
  });
});
