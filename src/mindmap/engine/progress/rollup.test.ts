import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { percentOf, progressLabel, rollUpTree, rootProgress } from './rollup';
import type { KmNode } from '../model/types';

const tree: KmNode = {
  data: { id: 'r' },
  children: [
    { data: { id: 'a', isStudy: 1 }, children: [{ data: { id: 'a1', isStudy: 2 } }, { data: { id: 'a2', isStudy: '1' } }] },
    { data: { id: 'b', isStudy: 1 }, children: [] },
  ],
};

describe('study progress rule', () => {
  it('counts study nodes only, the node itself included; isStudy 1 (number or string) is learnt', () => {
    const study = new Set(['a', 'a1', 'a2']);
    const all = rollUpTree(tree, study);
    expect(all.get('a')).toEqual({ learnt: 2, total: 3 });
    expect(all.get('a1')).toEqual({ learnt: 0, total: 1 });
    // b is ticked but carries no resource or exam: not a 知识点, not counted.
    expect(all.get('b')).toEqual({ learnt: 0, total: 0 });
    expect(all.get('r')).toEqual({ learnt: 2, total: 3 });
    expect(rootProgress(tree, study)).toEqual({ learnt: 2, total: 3 });
  });

  it('percent is rounded down so 100 % means all learnt; a map without study nodes is 0 %', () => {
    expect(percentOf({ learnt: 199, total: 200 })).toBe(99);
    expect(percentOf({ learnt: 2, total: 3 })).toBe(66);
    expect(percentOf({ learnt: 3, total: 3 })).toBe(100);
    expect(percentOf({ learnt: 0, total: 0 })).toBe(0);
    expect(progressLabel({ learnt: 3, total: 8 })).toBe('3/8');
  });

  it('the editor: one tick updates its ancestor chain and reports just those nodes', () => {
    const ed = new MindEditor();
    ed.load({ root: tree, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    ed.setStudyNodes(['a', 'a1', 'a2', 'b']);
    const first = ed.takeProgress();
    expect(first.full).toBe(true);
    expect(new Set(first.ids)).toEqual(new Set(['r', 'a', 'a1', 'a2', 'b']));
    ed.execute('setStudy', ['a1', true]);
    const p = ed.takeProgress();
    expect(p.full).toBe(false);
    expect(new Set(p.ids)).toEqual(new Set(['a1', 'a', 'r']));
    expect(ed.progressOf('r')).toEqual({ learnt: 4, total: 4 });
    expect(percentOf(ed.progressOf('r'))).toBe(100);
    ed.undo();
    expect(ed.progressOf('r')).toEqual({ learnt: 3, total: 4 });
  });
});
