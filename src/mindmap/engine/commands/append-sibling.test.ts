import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

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
});
