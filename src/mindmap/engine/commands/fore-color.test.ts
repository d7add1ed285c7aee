import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('foreColor', () => {
  it('sets and clears color; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'foreColor', [['A', 'C1'], '#e03e2d']);
    expect(doc.get('C1').data['color']).toBe('#e03e2d');
    checkUndoRedo(doc, 'foreColor', ['A', null]);
    expect('color' in doc.get('A').data).toBe(false);
  });
});
