import { describe, expect, it } from 'vitest';
import { DEPTH_ERROR } from '../engine/model/types';
import { depthRefusal, draggedTopics, dropAt } from './pointer';
import { testController } from './test-kit';

// r → 甲 → 甲一 → 甲一一 (levels 1-4), r → 乙 (level 2).
describe('depthRefusal (a drop the engine would refuse is shown as refused while dragging)', () => {
  it('agrees with the engine on the depth rule', async () => {
    const ctl = await testController();
    const cases: Array<[string, string]> = [
      ['a', 'b'], // 3 levels under a level-2 node: 5 > 4
      ['a1', 'b'], // same level as before: allowed
      ['b', 'a1'], // a leaf to level 4: allowed
      ['b', 'a11'], // a leaf to level 5, deeper than before: refused
    ];
    for (const [id, parent] of cases) {
      const shown = depthRefusal(ctl.model, id, parent);
      const engine = await ctl.execute('moveNode', [id, parent]).then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect([id, parent, shown]).toEqual([id, parent, engine]);
      if (!engine) await ctl.undo();
    }
    expect(depthRefusal(ctl.model, 'a', 'b')).toBe(DEPTH_ERROR);
  });

  it('counts a folded subtree (its children are not mirrored) as at least one level deeper', async () => {
    const ctl = await testController();
    await ctl.run('collapse', ['a1']);
    expect(ctl.model.get('a11')).toBeUndefined();
    expect(depthRefusal(ctl.model, 'a1', 'a11')).toBeUndefined(); // unknown target: the engine decides
    expect(depthRefusal(ctl.model, 'a', 'b')).toBe(DEPTH_ERROR);
  });
});

describe('dropAt', () => {
  const canvas = { store: { boxOf: () => ({ x: 0, y: 0, w: 100, h: 20 }) } } as unknown as Parameters<typeof dropAt>[1];
  it('offers nothing on the middle of a node’s own parent (kityminder: no change), a child slot elsewhere', async () => {
    const ctl = await testController();
    expect(dropAt(ctl, canvas, ['a1'], 'a', 10)).toBeNull();
    expect(dropAt(ctl, canvas, ['b'], 'a', 10)).toMatchObject({ parentId: 'a', index: 1 });
    // the edges of the parent still reorder among its own siblings
    expect(dropAt(ctl, canvas, ['a1'], 'a', 1)).toMatchObject({ parentId: 'r', index: 0 });
  });

  it('onto a folded topic: after its hidden children, as onto an open one (it went in first)', async () => {
    const ctl = await testController();
    await ctl.run('collapse', ['a']);
    expect(ctl.model.get('a')!.children).toEqual([]);
    expect(dropAt(ctl, canvas, ['b'], 'a', 10)).toMatchObject({ parentId: 'a', index: 1 });
  });

  it('a multi-selection: refused into any dragged one, the index among the children that stay, the depth rule of each', async () => {
    const ctl = await testController();
    expect(dropAt(ctl, canvas, ['b', 'a1'], 'a11', 10)).toBeNull(); // into a dragged topic's own subtree
    // above 乙 (r's children that stay: 甲 moves): first
    expect(dropAt(ctl, canvas, ['a', 'a11'], 'b', 1)).toMatchObject({ parentId: 'r', index: 0 });
    expect(dropAt(ctl, canvas, ['a', 'a11'], 'b', 19)).toMatchObject({ parentId: 'r', index: 1 });
    // 甲 (three levels) under 乙 would reach level 5: refused, though 甲一一 alone could go
    expect(dropAt(ctl, canvas, ['a', 'a11'], 'b', 10)).toMatchObject({ parentId: 'b', refused: DEPTH_ERROR });
    // onto the parent of them all: nothing to do; of only one of them: a move
    expect(dropAt(ctl, canvas, ['a', 'b'], 'r', 10)).toBeNull();
    expect(dropAt(ctl, canvas, ['a1', 'b'], 'a', 10)).toMatchObject({ parentId: 'a', index: 1 });
  });
});

describe('draggedTopics', () => {
  it('the whole multi-selection when the drag starts on one of it (inner topics go with theirs, the root stays), else the topic alone', async () => {
    const ctl = await testController();
    ctl.select(['r', 'a', 'a1', 'b']);
    expect(draggedTopics(ctl, 'b')).toEqual(['a', 'b']);
    expect(draggedTopics(ctl, 'a11')).toEqual(['a11']);
    ctl.select(['b']);
    expect(draggedTopics(ctl, 'b')).toEqual(['b']);
  });
});
