import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('italic', () => {
  it('toggles font-style; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'italic', [['A', 'B']]);
    expect(doc.get('B').data['font-style']).toBe('italic');
    checkUndoRedo(doc, 'italic', [['A', 'B']]);
    expect('font-style' in doc.get('B').data).toBe(false);
  });
});
