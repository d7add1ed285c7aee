// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import type { EnginePatch } from '../worker/protocol';
import { connectorPath } from './connector-path';
import { EnginePatchAdapter } from './engine-adapter';
import { SceneStore } from './scene-store';
import { PathOp, type SceneNode } from './scene-types';
import { plainStyle } from './test-scene';

// tianpan draws each child's arc from its previous sibling: the scene must know that sibling
// after every kind of patch, or an insert leaves the next arc starting at a stale place.

const kids = ['a', 'b', 'c'].map((id) => ({ data: { id, text: id.toUpperCase() }, children: [] }));
const km = (template: string) => ({ root: { data: { id: 'r', text: '根' }, children: kids }, template, theme: 'fresh-blue', version: '1.4.43' });

async function open(template: string) {
  const eng = localEngine(createEngineHost());
  const store = new SceneStore();
  const adapter = new EnginePatchAdapter(store);
  const apply = (p: EnginePatch) => {
    const { patch, full } = adapter.convert(p);
    if (full) store.replace(patch);
    else store.apply(patch);
  };
  apply(await eng.load(km(template)));
  /** Previous sibling id of every child of `parent`, in child order ('' = from the parent). */
  const chain = (parent: string) =>
    [...store.slotOf]
      .filter(([, s]) => store.records[s]!.parent === parent)
      .map(([id, s]): [string, string] => [id, store.prevSibling(s) < 0 ? '' : store.records[store.prevSibling(s)]!.id]);
  return { eng, store, apply, chain };
}

describe('previous-sibling links of arc_tp connectors', () => {
  it('are built on load and follow inserts, removals, moves and undo', async () => {
    const { eng, apply, chain } = await open('tianpan');
    expect(new Map(chain('r'))).toEqual(
      new Map([
        ['a', ''],
        ['b', 'a'],
        ['c', 'b'],
      ]),
    );

    const ins = await eng.execute('appendSibling', ['a', '新']);
    apply(ins.patch);
    const x = String(ins.result);
    expect(new Map(chain('r'))).toEqual(
      new Map([
        ['a', ''],
        [x, 'a'],
        ['b', x],
        ['c', 'b'],
      ]),
    );

    apply((await eng.execute('removeNode', [[x]])).patch);
    expect(new Map(chain('r'))).toEqual(
      new Map([
        ['a', ''],
        ['b', 'a'],
        ['c', 'b'],
      ]),
    );

    apply((await eng.execute('moveNode', ['c', 'r', 0])).patch);
    expect(new Map(chain('r'))).toEqual(
      new Map([
        ['c', ''],
        ['a', 'c'],
        ['b', 'a'],
      ]),
    );

    apply((await eng.undo())!);
    expect(new Map(chain('r'))).toEqual(
      new Map([
        ['a', ''],
        ['b', 'a'],
        ['c', 'b'],
      ]),
    );
  });

  it('make the next arc start at the inserted sibling, with the new boxes', async () => {
    const { eng, store, apply } = await open('tianpan');
    const ins = await eng.execute('appendSibling', ['a', '新']);
    apply(ins.patch);
    const b = store.slotOf.get('b')!;
    const prev = store.prevSibling(b);
    expect(store.records[prev]!.id).toBe(String(ins.result));
    const from = store.box(prev);
    const path = connectorPath('arc_tp', store.box(store.parentSlot[b]), store.box(b), [], false, store.box(prev));
    expect(path.slice(0, 3)).toEqual([PathOp.Move, from.x + from.w / 2, from.y + from.h / 2]);
    // the new box is the engine's
    const [ex, ey, ew, eh] = await eng.boxOf(String(ins.result));
    expect(from).toEqual({ x: ex, y: ey, w: ew, h: eh });
  });

  it('are not kept for other connectors', async () => {
    const { store, chain } = await open('right');
    expect(chain('r').every(([, p]) => p === '')).toBe(true);
    expect(store.prevSibling(store.slotOf.get('b')!)).toBe(-1);
  });

  it('cull an arc by its bulge, also right after it was re-chained', () => {
    const connector = { kind: 'arc_tp' as const, color: 0xffffff, width: 2 };
    const node = (id: string, x: number, y: number): SceneNode => ({
      id,
      x,
      y,
      w: 20,
      h: 20,
      text: id,
      level: id === 'p' ? 1 : 2,
      style: plainStyle,
      parent: id === 'p' ? undefined : 'p',
      connector: id === 'p' ? undefined : connector,
    });
    const store = new SceneStore();
    // centres: p (10,10), a (110,10), b (110,110)
    store.replace({ nodes: [node('p', 0, 0), node('a', 100, 0), node('b', 100, 100)], siblings: [['p', ['a', 'b']]] });
    // The half circle p → a reaches up to y = 10 − 50; nothing but that arc is up there.
    const above = { x: 50, y: -45, w: 20, h: 10 };
    const ids = () => store.queryLinks(above, []).map((s) => store.records[s]!.id);
    expect(ids()).toEqual(['a']); // before the first index build: a scan of exact link boxes
    store.hitTest(0, 0); // builds the index
    expect(ids()).toEqual(['a']);
    // b becomes the first child: a fresh link is always drawn until the index is rebuilt…
    store.apply({ siblings: [['p', ['b', 'a']]] });
    expect(store.prevSibling(store.slotOf.get('b')!)).toBe(-1);
    expect(store.records[store.prevSibling(store.slotOf.get('a')!)]!.id).toBe('b');
    expect(ids()).toContain('b');
    // …then culled by the new arcs: b's half circle from p (centre (60,60), r ≈ 70.7) tops out
    // at y ≈ −10.7, far above both boxes; a's arc now comes from b and stays by x ≈ 97…110.
    store.hitTest(0, 0); // rebuilds the index
    expect(ids()).toEqual([]);
    expect(store.queryLinks({ x: 55, y: -12, w: 10, h: 3 }, []).map((s) => store.records[s]!.id)).toEqual(['b']);
  });
});
