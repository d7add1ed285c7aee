import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('collapse', () => {
  it('collapses nodes but never the root; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'collapse', [['A', 'R']]);
    expect(doc.get('A').data.expandState).toBe('collapse');
    expect(doc.root.data.expandState).toBeUndefined();
  });
});
