import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { actionByName } from './actions';
import { menuLine } from './NodeMenu';
import { bindPointer } from './pointer';
import { bindRelationInput } from './relation-input';
import { handleRelationKey } from './relation-keys';
import { testContext, testController } from './test-kit';

// Mouse input on the map through a stand-in canvas (jsdom has no Pixi): the hit tests are
// scripted, the listeners are the real ones. test-kit's map: 根 → 甲 (→ 甲一 → 甲一一), 乙.

type Hits = { node?: string | null; handle?: 0 | 1 | null; line?: string | null };

function fakeCanvas(hits: Hits) {
  const el = document.createElement('canvas');
  el.setPointerCapture = () => {};
  const box = { x: 0, y: 0, w: 10, h: 10 };
  const canvas = {
    element: el,
    camera: { tx: 0, ty: 0, zoom: 1 },
    panGate: () => false,
    hitTest: () => hits.node ?? null,
    relationAt: () => hits.line ?? null,
    summaryAt: () => null,
    expanderAt: () => null,
    invalidate: () => {},
    store: { boxOf: () => box, node: () => ({ text: '乙', style: { fontSize: 14 } }) },
    relations: {
      handleAt: () => hits.handle ?? null,
      curveOf: () => ({ c1: { x: 20, y: 20 }, c2: { x: 30, y: 30 } }),
      setPreview: () => {},
      setSelected: () => {},
      setLines: () => {},
      setRubber: () => {},
    },
  };
  return canvas as unknown as MindmapCanvas;
}

function pointer(el: HTMLElement, type: string, x: number, y: number, mods: Partial<MouseEventInit> = {}) {
  const e = new MouseEvent(type, { bubbles: true, button: 0, ...mods });
  Object.defineProperties(e, { offsetX: { value: x }, offsetY: { value: y }, pointerType: { value: 'mouse' }, pointerId: { value: 1 } });
  el.dispatchEvent(e);
}

const key = (k: string): KeyboardEvent =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, preventDefault: () => {} }) as KeyboardEvent;

/** The real pointer listeners on a stand-in canvas: a click on topic `first`, then a Ctrl-click on `second`. */
async function clickedThenCtrlClicked(first: string, second: string) {
  const ctl = await testController();
  const hits: Hits = { node: first };
  const canvas = fakeCanvas(hits);
  const off = bindPointer(canvas, ctl, { layers: { set: () => {} } } as never, () => {});
  pointer(canvas.element, 'pointerdown', 5, 5);
  pointer(canvas.element, 'pointerup', 5, 5);
  hits.node = second;
  pointer(canvas.element, 'pointerdown', 5, 5, { ctrlKey: true });
  pointer(canvas.element, 'pointerup', 5, 5, { ctrlKey: true });
  return { ctl, canvas, hits, off };
}

describe('mouse on the map', () => {
  it("a relationship line handle drag ends with the map's pointer-up (which focuses the keyboard target)", async () => {
    const ctl = await testController();
    ctl.select(['a']);
    await actionByName('addRelation').perform(testContext(ctl));
    handleRelationKey(key('ArrowDown'), ctl);
    handleRelationKey(key('Enter'), ctl);
    await expect.poll(() => ctl.model.relationships.length).toBe(1);
    const line = ctl.model.relationships[0].id;
    ctl.relations.select(line);
    const hits: Hits = { handle: 0 };
    const canvas = fakeCanvas(hits);
    const off = bindRelationInput(canvas, ctl);
    let ups = 0;
    // MindEditorView's listener: focusMap(true, true) on every mouse pointer-up on the map.
    canvas.element.addEventListener('pointerup', () => ups++);
    pointer(canvas.element, 'pointerdown', 20, 20);
    pointer(canvas.element, 'pointermove', 60, 60);
    pointer(canvas.element, 'pointerup', 60, 60);
    await ctl.settled();
    expect(ups).toBe(1);
    expect(ctl.model.relationships[0].controls).toBeTruthy();
    // A click on a line reaches it too.
    hits.handle = null;
    hits.line = line;
    pointer(canvas.element, 'pointerdown', 40, 40);
    pointer(canvas.element, 'pointerup', 40, 40);
    expect(ups).toBe(2);
    expect(ctl.relations.state.selected).toBe(line);
    // A right click on a line selects it alone, so the menu that opens is the line's.
    ctl.relations.select(null);
    ctl.select(['b']);
    expect(menuLine(ctl)).toBeNull();
    pointer(canvas.element, 'pointerdown', 40, 40, { button: 2 });
    expect(ctl.relations.state.selected).toBe(line);
    expect(ctl.state.selection).toEqual([]);
    expect(menuLine(ctl)).toBe(line);
    off();
  });

  it('a plain click on a topic of a multi-selection selects only it (on pointer up); Ctrl-click keeps adding', async () => {
    const { ctl, canvas, hits, off } = await clickedThenCtrlClicked('a', 'b');
    expect([...ctl.state.selection].sort()).toEqual(['a', 'b']);
    hits.node = 'a';
    pointer(canvas.element, 'pointerdown', 5, 5);
    // Still both while the button is down: a drag would move the whole selection.
    expect([...ctl.state.selection].sort()).toEqual(['a', 'b']);
    pointer(canvas.element, 'pointerup', 5, 5);
    expect(ctl.state.selection).toEqual(['a']);
    off();
  });

  it('dragging a topic of a multi-selection moves them all, as one undo step', async () => {
    const { ctl, canvas, hits, off } = await clickedThenCtrlClicked('a1', 'b');
    // 乙 grabbed and dropped on the middle of the root: 甲一 comes along
    pointer(canvas.element, 'pointerdown', 40, 40);
    hits.node = 'r';
    pointer(canvas.element, 'pointermove', 5, 5);
    pointer(canvas.element, 'pointerup', 5, 5);
    await ctl.settled();
    const kids = (id: string) => ctl.model.get(id)!.children;
    expect(kids('r')).toEqual(['a', 'a1', 'b']);
    expect(kids('a')).toEqual([]);
    expect([...ctl.state.selection].sort()).toEqual(['a1', 'b']);
    await ctl.undo();
    expect(kids('r')).toEqual(['a', 'b']);
    expect(kids('a')).toEqual(['a1']);
    off();
  });
});
