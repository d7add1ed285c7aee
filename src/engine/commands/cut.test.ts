import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('cut', () => {
  it('returns the subtrees and removes them (never the root); undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'cut', [['A', 'R']]);
    const nodes = result as Array<{ data: { id: string } }>;
    expect(nodes.map((n) => n.data.id)).toEqual(['A']);
    expect(doc.byId.has('A')).toBe(false);
    expect(doc.byId.has('R')).toBe(true);
  });
});
