// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { EditorController } from '../editor/controller';
import type { CanvasView } from '../editor/editor-state';
import { HEAT_FILLS, heatFill } from './mastery-mark';
import { SceneStore } from './scene-store';

// Mastery on the map (issue 34 item 2): the server's levels reach the canvas's scene store (the
// ball per topic, the 掌握度 tints), the tree's marks, and the engine's 掌握 N/M roll-up, which
// follows the tree's edits and counts folded topics too.

const km = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      {
        data: { id: 'a', text: '甲' },
        children: [{ data: { id: 'a1', text: '甲一' }, children: [{ data: { id: 'a11', text: '甲一一' } }] }, { data: { id: 'a2', text: '甲二' } }],
      },
      { data: { id: 'b', text: '乙' }, children: [{ data: { id: 'b1', text: '乙一' } }] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

async function opened() {
  const ctl = new EditorController(localEngine(createEngineHost()));
  // the controller's document view hands the canvas its store (useStore)
  let store = new SceneStore();
  const canvas = {
    get store() {
      return store;
    },
    useStore: (s: SceneStore) => void (store = s),
    sceneReplaced: () => {},
    sceneChanged: () => {},
    applyProgress: (p) => void store.applyProgress(p),
    setReviewDue: (ids) => void store.setReviewDue(ids),
    setMastery: (levels, fading) => void store.setMastery(levels, fading),
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
  ctl.attach(canvas);
  await ctl.open(km, false);
  await ctl.doc.setStudyNodes(['a2']);
  const level = (id: string) => store.masteryOf(store.slotOf.get(id)!);
  const said = (id: string) => ctl.doc.mastery.marks(id, ['r', 'a', 'a1', 'b'].includes(id)).join('，');
  return { ctl, store, level, said };
}

// a2 is the case's 知识点; a11 and b1 the student's own topics, practised
const data = { nodeIds: ['a11', 'a2', 'b1'], levels: [3, 1, 2], fading: ['b1'], ownPractised: ['a11', 'b1'] };

describe('mastery on the map: data path', () => {
  it('a map without graded topics says nothing (no 掌握 0/M beside every 已学 N/M)', async () => {
    const { said, level } = await opened();
    expect(said('a')).toBe('');
    expect(level('a11')).toBe(0);
  });

  it('levels reach the scene store per topic and the tree says them; branches roll up 掌握 N/M over study and graded topics', async () => {
    const { ctl, level, said, store } = await opened();
    await ctl.doc.setMastery(data);
    expect([level('a11'), level('a2'), level('b1'), level('a')]).toEqual([3, 1, 2, 0]);
    expect(store.isFading(store.slotOf.get('b1')!)).toBe(true);
    expect(said('a11')).toBe('掌握度：掌握');
    expect(said('b1')).toBe('掌握度：熟悉（渐忘）');
    await vi.waitFor(() => expect(said('a')).toBe('掌握 1/2'));
    expect(said('r')).toBe('掌握 1/3');
    expect(said('b')).toBe('掌握 0/1');
    // the branch that fades most, among the root's branches
    expect(ctl.doc.mastery.mostFading(['a', 'b'])).toEqual({ id: 'b', fading: 1 });
  });

  it("the case's topics the server says are not counted keep their ring but stay out of 掌握 N/M, through the worker", async () => {
    const { ctl, level, said } = await opened();
    // a11 the student's own, b1 one of the case's sub-points
    await ctl.doc.setMastery({ ...data, ownPractised: ['a11'] });
    expect(level('b1')).toBe(2);
    await vi.waitFor(() => expect(said('r')).toBe('掌握 1/2'));
    expect(said('b')).toBe('');
    // still the branch that fades most (as 下一步 says)
    expect(ctl.doc.mastery.mostFading(['a', 'b'])).toEqual({ id: 'b', fading: 1 });
  });

  it('the roll-up follows the tree: a topic moved out of a branch, a folded branch still counted', async () => {
    const { ctl, said } = await opened();
    await ctl.doc.setMastery(data);
    await vi.waitFor(() => expect(said('a')).toBe('掌握 1/2'));
    await ctl.run('moveNode', ['a1', 'b', 1]);
    await vi.waitFor(() => expect(said('b')).toBe('掌握 1/2'));
    expect(said('a')).toBe('掌握 0/1');
    await ctl.run('collapse', [['b']]);
    await vi.waitFor(() => expect(ctl.model.get('a11')).toBeUndefined());
    expect(ctl.doc.mastery.of('b')).toEqual({ mastered: 1, total: 2, fading: 1 });
  });

  it('the 掌握度 view: a tint per level whose lightness falls as mastery grows (grey scale keeps the order)', async () => {
    const { store } = await opened();
    expect(store.setHeatMap(true)).toBe(true);
    expect(store.setHeatMap(true)).toBe(false);
    const lum = (c: number) => 0.2126 * (c >> 16) + 0.7152 * ((c >> 8) & 255) + 0.0722 * (c & 255);
    const l = HEAT_FILLS.map(lum);
    for (let i = 1; i < l.length; i++) expect(l[i]).toBeLessThan(l[i - 1]);
    expect(heatFill(7)).toBe(HEAT_FILLS[3]);
  });
});
