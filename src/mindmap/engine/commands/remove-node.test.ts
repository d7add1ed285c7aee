import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('removeNode', () => {
  it('removes subtrees, skipping the root and covered descendants; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'removeNode', [['A1', 'A', 'R', 'B']]);
    expect(result).toEqual(['A', 'B']);
    expect(doc.byId.has('A1a')).toBe(false);
    expect(doc.size).toBe(3);
  });
  it('removes a collapsed subtree with its hidden children', () => {
    const doc = sampleDoc();
    run(doc, 'removeNode', 'C');
    expect(doc.byId.has('C1')).toBe(false);
  });
});
