import { describe, expect, it } from 'vitest';
import { checkUndoRedo, dump, run, sampleDoc } from './test-kit';

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
  it('makes the topic under the id the page named it by; an id in use is refused with nothing changed', () => {
    const doc = sampleDoc();
    expect(checkUndoRedo(doc, 'appendParent', ['B', 'x', 'named-2']).result).toBe('named-2');
    const before = dump(doc);
    expect(() => run(doc, 'appendParent', 'B', 'y', 'named-2')).toThrow('主题编号无效或重复');
    expect(dump(doc)).toBe(before);
  });
});
