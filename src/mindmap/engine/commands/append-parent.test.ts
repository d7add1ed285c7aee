import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('appendParent', () => {
  it('wraps the node in a new parent at its index; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'appendParent', ['B', 'P']);
    expect(doc.root.children[1].id).toBe(result);
    expect(doc.get('B').parent!.id).toBe(result);
  });
  it('refuses when the subtree would sink below level 4', () => {
    const doc = sampleDoc();
    expect(() => run(doc, 'appendParent', 'A')).toThrow('不能插入4级主题以下的节点');
    expect(() => run(doc, 'appendParent', 'R')).toThrow();
  });
});
