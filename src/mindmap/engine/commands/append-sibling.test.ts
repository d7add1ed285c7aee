import { describe, expect, it } from 'vitest';
import { checkUndoRedo, dump, run, sampleDoc } from './test-kit';

describe('appendSibling', () => {
  it('inserts right after the node; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'appendSibling', ['A', 's']);
    expect(doc.root.children.map((c) => c.id)).toEqual(['A', result, 'B', 'C']);
  });
  it('appends a child when given the root', () => {
    const doc = sampleDoc();
    const id = run(doc, 'appendSibling', 'R') as string;
    expect(doc.get(id).parent!.id).toBe('R');
  });
  it('respects the depth rule', () => {
    const doc = sampleDoc();
    expect(run(doc, 'appendSibling', 'A1a')).toBeTypeOf('string');
  });
  it('makes the topic under the id the page named it by; an id in use is refused with nothing changed', () => {
    const doc = sampleDoc();
    expect(checkUndoRedo(doc, 'appendSibling', ['A', 'x', 'named-2']).result).toBe('named-2');
    const before = dump(doc);
    expect(() => run(doc, 'appendSibling', 'A', 'y', 'named-2')).toThrow('主题编号无效或重复');
    expect(dump(doc)).toBe(before);
  });
});
