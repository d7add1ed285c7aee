import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('fontSize', () => {
  it('sets and clears font-size; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'fontSize', [['A', 'C1'], 24]);
    expect(doc.get('C1').data['font-size']).toBe(24);
    checkUndoRedo(doc, 'fontSize', ['A', null]);
    expect('font-size' in doc.get('A').data).toBe(false);
  });
});
