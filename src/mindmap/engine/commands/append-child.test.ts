import { describe, expect, it } from 'vitest';
import { checkUndoRedo, dump, run, sampleDoc } from './test-kit';

describe('appendChild', () => {
  it('adds a last child with a fresh id; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'appendChild', ['B', 'x']);
    const n = doc.get(result as string);
    expect(n.parent!.id).toBe('B');
    expect(n.data.text).toBe('x');
  });
  it('expands a collapsed parent and defaults the text to 分支主题', () => {
    const doc = sampleDoc();
    const id = run(doc, 'appendChild', 'C') as string;
    expect(doc.get('C').data.expandState).toBe('expand');
    expect(doc.get(id).data.text).toBe('分支主题');
  });
  it('refuses below level 4 and leaves the document unchanged', () => {
    const doc = sampleDoc();
    const before = dump(doc);
    expect(() => run(doc, 'appendChild', 'A1a')).toThrow('不能插入4级主题以下的节点');
    expect(dump(doc)).toBe(before);
  });
  it('makes the topic under the id the page named it by, through undo and redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'appendChild', ['B', 'x', 'named-1']);
    expect(result).toBe('named-1');
    expect(doc.get('named-1').parent!.id).toBe('B');
  });
  it('refuses an id in use or not an id, before it changes anything (a collapsed parent stays so)', () => {
    for (const id of ['A', '', 'a b', 'x'.repeat(65)]) {
      const doc = sampleDoc();
      const before = dump(doc);
      expect(() => run(doc, 'appendChild', 'C', 'y', id)).toThrow('主题编号无效或重复');
      expect(dump(doc)).toBe(before);
    }
  });
  it('is refused in read-only mode', () => {
    const doc = sampleDoc();
    doc.readOnly = true;
    expect(() => run(doc, 'appendChild', 'R')).toThrow('只读');
  });
});
