import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('setStudy', () => {
  it('sets and clears isStudy; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setStudy', ['A', true]);
    expect(doc.get('A').data.isStudy).toBe(1);
    checkUndoRedo(doc, 'setStudy', ['A', false]);
    expect('isStudy' in doc.get('A').data).toBe(false);
  });
});
