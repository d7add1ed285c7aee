import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('moveNode', () => {
  it('reparents; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'moveNode', ['B', 'A1', 0]);
    expect(doc.get('B').parent!.id).toBe('A1');
  });
  it('reorders among siblings', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'moveNode', ['C', 'R', 0]);
    expect(doc.root.children.map((c) => c.id)).toEqual(['C', 'A', 'B']);
  });
  it('never moves into its own subtree and keeps the depth rule', () => {
    const doc = sampleDoc();
    expect(() => run(doc, 'moveNode', 'A', 'A1')).toThrow('自己的下级主题');
    expect(() => run(doc, 'moveNode', 'C', 'A1')).toThrow('不能插入4级主题以下的节点');
    expect(() => run(doc, 'moveNode', 'R', 'A')).toThrow();
  });
});

describe('moveNode in a map imported deeper than 4 levels', () => {
  it('rearranges deep content at its own depth; only a move that makes it deeper is refused', () => {
    const doc = sampleDoc();
    // A1a (level 4) gets two level-5 children, as an imported file may have.
    doc.insert('A1a', 0, { data: { id: 'X', text: 'X' }, children: [] });
    doc.insert('A1', 1, { data: { id: 'A1b', text: 'A1b' }, children: [] });
    checkUndoRedo(doc, 'moveNode', ['X', 'A1b', 0]);
    expect(doc.get('X').parent!.id).toBe('A1b');
    expect(() => run(doc, 'moveNode', 'A1', 'X')).toThrow();
    expect(() => run(doc, 'moveNode', 'A1b', 'A1a')).toThrow('不能插入4级主题以下的节点');
  });
});
