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
    expect(() => run(doc, 'moveNode', 'A', 'A1')).toThrow('own subtree');
    expect(() => run(doc, 'moveNode', 'C', 'A1')).toThrow('不能插入4级主题以下的节点');
    expect(() => run(doc, 'moveNode', 'R', 'A')).toThrow();
  });
});
